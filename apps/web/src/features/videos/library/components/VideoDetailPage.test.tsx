import { captionRoutes, videoRoutes } from '@pw/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import { renderWithApp } from '@/test/render';
import { routeKey, fakeApi, type FakeApi, type RecordedCall } from '@/test/fake-api';
import { videoFixture } from '@/test/video-fixture';
import { DraftVideoPage, FinalVideoPage, ScheduledVideoPage } from './VideoDetailPage';
import type { Video, VideoFolder } from '@pw/contracts';

const video = (id: number, type: VideoFolder, extra: Partial<Video> = {}): Video =>
  videoFixture(id, type, extra);

function renderDetail(route: string) {
  return renderWithApp(
    <Routes>
      <Route path="/user/profile/final" element={<FinalVideoPage />} />
      <Route path="/user/profile/scheduled" element={<ScheduledVideoPage />} />
      <Route path="/user/profile/drafts" element={<DraftVideoPage />} />
      <Route path="/user/profile" element={<p>Profile tabs</p>} />
    </Routes>,
    { route },
  );
}

const json = (call: RecordedCall) => JSON.parse(String(call.body)) as Record<string, unknown>;

describe('video detail: folder moves', () => {
  let folders: Record<VideoFolder, Video[]>;
  let server: FakeApi;
  let conflict = false;

  beforeEach(() => {
    folders = {
      final: [],
      scheduled: [
        video(5, 'scheduled', {
          email: 'kin@example.com',
          share_at_date: '2099-05-01',
          share_at_time: '10:30:00',
        }),
      ],
      draft: [video(7, 'draft')],
    };
    // Video 6 was delivered: due and sent on 20 November 2026 (the past), still in the scheduled folder.
    folders.scheduled.push(
      video(6, 'scheduled', {
        title: 'Delivered words',
        email: 'kin@example.com',
        share_at_date: '2026-11-20',
        share_at_time: '12:00:00',
        delivery: {
          status: 'sent',
          recipient_email: 'kin@example.com',
          due_at: '2026-11-20T12:00:00.000Z',
          sent_at: '2026-11-20T12:00:02.000Z',
          attempts: 1,
          last_error: null,
          fallback_email: null,
          replaces_email: null,
          note: 'Open this on your birthday.\nLove, Mum',
          history: [
            {
              at: '2026-11-20T12:00:02.000Z',
              status: 'sent',
              recipient: 'kin@example.com',
              receipts: true,
              opened_at: '2026-11-21T08:05:00.000Z',
              open_count: 3,
            },
          ],
        },
      }),
    );
    conflict = false;
    const move = (id: number) => (call: RecordedCall) => {
      const body = json(call);
      const to = body.type as VideoFolder;
      if (conflict) {
        return {
          status: 409,
          body: {
            message:
              'A file already exists in that folder. It needs to be removed before placing another file there.',
          },
        };
      }
      let moved: Video | undefined;
      for (const list of Object.values(folders)) {
        const index = list.findIndex((item) => item.id === id);
        if (index >= 0) [moved] = list.splice(index, 1);
      }
      const updated = { ...moved!, type: to, access_code: to === 'final' ? `ACCESS${id}` : null };
      folders[to].push(updated);
      return { body: { message: 'Server says moved', data: updated } };
    };
    server = fakeApi({
      [routeKey(videoRoutes.listFinal)]: () => ({ body: { data: folders.final } }),
      [routeKey(videoRoutes.listScheduled)]: () => ({ body: { data: folders.scheduled } }),
      [routeKey(videoRoutes.listDraft)]: () => ({ body: { data: folders.draft } }),
      [routeKey(videoRoutes.updateType, { id: 7 })]: move(7),
      [routeKey(videoRoutes.updateType, { id: 5 })]: move(5),
      [routeKey(videoRoutes.updateType, { id: 6 })]: move(6),
      [routeKey(captionRoutes.list, { id: 7 })]: () => ({
        body: { data: [], automatic: { available: false, state: null, progress: null } },
      }),
    });
  });

  const optionsOf = (dialog: HTMLElement) =>
    within(within(dialog).getByLabelText(/Move this video to/))
      .getAllByRole('option')
      .map((option) => option.textContent);

  it('offers the folders of the contract and requires a choice', async () => {
    const user = userEvent.setup();
    renderDetail('/user/profile/drafts?video=7');
    await user.click(await screen.findByRole('button', { name: /Change folder/ }));
    const dialog = await screen.findByRole('dialog');
    expect(optionsOf(dialog)).toEqual(['Select a folder', 'Scheduled folder']);
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(within(dialog).getByText('Please select a valid option.')).toBeInTheDocument();
  });

  it('schedules a draft with e-mail, date, time and the browser time zone', async () => {
    const user = userEvent.setup();
    renderDetail('/user/profile/drafts?video=7');
    await user.click(await screen.findByRole('button', { name: /Change folder/ }));
    await user.selectOptions(screen.getByLabelText(/Move this video to/), 'scheduled');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    const form = await screen.findByRole('dialog', { name: 'Schedule delivery' });
    await user.click(within(form).getByRole('button', { name: 'Schedule' }));
    expect(within(form).getByText('The email field is required.')).toBeInTheDocument();
    await user.type(within(form).getByLabelText(/Recipient e-mail/), 'kin@example.com');
    await user.type(within(form).getByLabelText(/Date/), '2099-12-24');
    await user.type(within(form).getByLabelText(/Time/), '09:15');
    await user.type(within(form).getByLabelText(/Second address/), 'ann@example.com');
    await user.click(within(form).getByRole('button', { name: 'Schedule' }));
    // What was scheduled is said back, the second address included.
    const done = await screen.findByRole('dialog', { name: 'Video moved and scheduled' });
    expect(done).toHaveTextContent(
      'It will be e-mailed to kin@example.com on 24 December 2099 at 09:15 and stays in the Scheduled folder. If it cannot be delivered, it goes to your second address, ann@example.com.',
    );
    const call = server.calls.find((item) => item.path.endsWith('/7/update-type'));
    expect(json(call!)).toEqual({
      type: 'scheduled',
      email: 'kin@example.com',
      share_at_date: '2099-12-24',
      share_at_time: '09:15:00',
      timezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      fallback_email: 'ann@example.com',
      // Sent once unless the owner asks for a yearly repeat.
      repeat: 'none',
      repeat_until: null,
      // The owner is told of the first open unless they untick it (docs/product.md §5.8).
      receipts: true,
    });
    // The screen follows the video into the scheduled folder, where Change time applies.
    expect(await screen.findByRole('button', { name: /Change time/ })).toBeInTheDocument();
  });

  it('confirms that a scheduled video will NOT be sent, then moves it to My Parting Words', async () => {
    const user = userEvent.setup();
    renderDetail('/user/profile/scheduled?video=5');
    expect(await screen.findByText('kin@example.com')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Change folder/ }));
    expect(optionsOf(await screen.findByRole('dialog'))).toEqual([
      'Select a folder',
      'Drafts',
      'My Parting Words',
    ]);
    await user.selectOptions(screen.getByLabelText(/Move this video to/), 'final');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    const confirm = await screen.findByText(
      /This video will NOT be sent on 1 May 2099 at 10:30 to kin@example.com/,
    );
    expect(server.calls.some((item) => item.path.endsWith('/5/update-type'))).toBe(false);
    await user.click(within(confirm.closest('.modal') as HTMLElement).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('Server says moved')).toBeInTheDocument();
    expect(json(server.calls.find((item) => item.path.endsWith('/5/update-type'))!)).toEqual({
      type: 'final',
    });
    // In My Parting Words the access code shows.
    expect(await screen.findByText('ACCESS5')).toBeInTheDocument();
  });

  it('does nothing when the NOT-sent confirmation is declined', async () => {
    const user = userEvent.setup();
    renderDetail('/user/profile/scheduled?video=5');
    await user.click(await screen.findByRole('button', { name: /Change folder/ }));
    await user.selectOptions(screen.getByLabelText(/Move this video to/), 'draft');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    const confirm = await screen.findByText(/This video will NOT be sent/);
    await user.click(within(confirm.closest('.modal') as HTMLElement).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByText(/This video will NOT be sent/)).not.toBeInTheDocument());
    expect(server.calls.some((item) => item.path.endsWith('/5/update-type'))).toBe(false);
  });

  it('shows the conflict dialog when My Parting Words already holds a video', async () => {
    conflict = true;
    const user = userEvent.setup();
    renderDetail('/user/profile/scheduled?video=5');
    await user.click(await screen.findByRole('button', { name: /Change folder/ }));
    await user.selectOptions(screen.getByLabelText(/Move this video to/), 'final');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    const confirm = await screen.findByText(/This video will NOT be sent/);
    await user.click(within(confirm.closest('.modal') as HTMLElement).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('Unsuccessful')).toBeInTheDocument();
    expect(
      screen.getByText(
        'A file already exists in that folder. It needs to be removed before placing another file there.',
      ),
    ).toBeInTheDocument();
  });

  it('says My Parting Words is taken before asking to cancel the delivery, and changes nothing', async () => {
    folders.final.push(video(9, 'final'));
    const user = userEvent.setup();
    renderDetail('/user/profile/scheduled?video=5');
    await user.click(await screen.findByRole('button', { name: /Change folder/ }));
    await user.selectOptions(screen.getByLabelText(/Move this video to/), 'final');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    const refused = await screen.findByRole('dialog', { name: 'Unsuccessful' });
    expect(refused).toHaveTextContent(
      'A file already exists in that folder. It needs to be removed before placing another file there.',
    );
    expect(screen.queryByText(/This video will NOT be sent/)).not.toBeInTheDocument();
    expect(server.calls.filter((call) => call.method === 'PUT' || call.method === 'POST')).toHaveLength(0);
  });

  it('changes the time of a scheduled video after the Change time confirmation', async () => {
    const user = userEvent.setup();
    renderDetail('/user/profile/scheduled?video=5');
    await user.click(await screen.findByRole('button', { name: /Change time/ }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes' }));
    const form = await screen.findByRole('dialog', { name: 'Change time' });
    expect(within(form).getByLabelText(/Recipient e-mail/)).toHaveValue('kin@example.com');
    expect(within(form).getByLabelText(/Time/)).toHaveValue('10:30');
    await user.click(within(form).getByRole('button', { name: 'Update schedule' }));
    expect(await screen.findByText('Video schedule has been updated')).toBeInTheDocument();
  });

  it('lists each sent occurrence with its first open and the number of opens (docs/product.md §5.8)', async () => {
    renderDetail('/user/profile/scheduled?video=6');
    const opens = await screen.findByRole('region', { name: 'Sent and opened' });
    expect(within(opens).getByRole('listitem')).toHaveTextContent(
      /^20 November 2026 at \d\d:\d\d, to kin@example\.com: Opened on 21 November 2026 at \d\d:\d\d · 3 opens\.$/,
    );
  });

  it('says when a delivered video was delivered and to whom, and offers Send it again, not Change time', async () => {
    renderDetail('/user/profile/scheduled?video=6');
    const line = await screen.findByText(/Delivered to/);
    expect(line).toHaveTextContent(/^Delivered to kin@example\.com on 20 November 2026 at \d\d:\d\d\.$/);
    expect(screen.queryByText(/To be sent/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Change time/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Send it again/ })).toBeInTheDocument();
    expect(screen.getByText(/Open this on your birthday/)).toHaveTextContent(
      'Your note: Open this on your birthday. Love, Mum',
    );
  });

  it('moves a delivered video out of the scheduled folder without warning that it will not be sent', async () => {
    const user = userEvent.setup();
    renderDetail('/user/profile/scheduled?video=6');
    await user.click(await screen.findByRole('button', { name: /Change folder/ }));
    await user.selectOptions(screen.getByLabelText(/Move this video to/), 'draft');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Server says moved')).toBeInTheDocument();
    expect(screen.queryByText(/will NOT be sent/)).not.toBeInTheDocument();
    expect(screen.queryByText('Cancel the delivery?')).not.toBeInTheDocument();
    expect(json(server.calls.find((item) => item.path.endsWith('/6/update-type'))!)).toEqual({
      type: 'draft',
    });
  });

  it('does not say that deleting a delivered video cancels its delivery', async () => {
    const user = userEvent.setup();
    renderDetail('/user/profile/scheduled?video=6');
    await user.click(await screen.findByRole('button', { name: /Delete/ }));
    const ask = await screen.findByRole('dialog', { name: 'Are you sure you want to Delete this video?' });
    expect(ask).toHaveTextContent('This cannot be undone.');
    expect(ask).not.toHaveTextContent(/delivery will be cancelled/);
  });

  it('sends a delivered video again as a new delivery, with its own wording', async () => {
    const user = userEvent.setup();
    renderDetail('/user/profile/scheduled?video=6');
    await user.click(await screen.findByRole('button', { name: /Send it again/ }));
    const ask = await screen.findByRole('dialog', { name: 'Send it again?' });
    expect(ask).toHaveTextContent(/It was delivered to kin@example\.com on 20 November 2026 at/);
    await user.click(within(ask).getByRole('button', { name: 'Choose a time' }));
    const form = await screen.findByRole('dialog', { name: 'Send it again' });
    expect(within(form).getByLabelText(/Recipient e-mail/)).toHaveValue('kin@example.com');
    // A new delivery: the past date and time are not offered again.
    expect(within(form).getByLabelText(/Date/)).toHaveValue('');
    expect(within(form).getByLabelText(/Time/)).toHaveValue('');
    await user.type(within(form).getByLabelText(/Date/), '2099-12-24');
    await user.type(within(form).getByLabelText(/Time/), '09:15');
    await user.click(within(form).getByRole('button', { name: 'Schedule' }));
    expect(await screen.findByText('Video scheduled to be sent again')).toBeInTheDocument();
    expect(json(server.calls.find((item) => item.path.endsWith('/6/update-type'))!)).toMatchObject({
      type: 'scheduled',
      email: 'kin@example.com',
      share_at_date: '2099-12-24',
      share_at_time: '09:15:00',
    });
  });

  it('has a Captions section for the video, where its captions are added', async () => {
    renderDetail('/user/profile/drafts?video=7');
    const captions = await screen.findByRole('region', { name: 'Captions' });
    expect(await within(captions).findByText('This video has no captions yet.')).toBeInTheDocument();
    expect(within(captions).getByRole('button', { name: 'Add captions' })).toBeInTheDocument();
  });

  it("says 'Unable to find video' for an id in no folder list", async () => {
    renderDetail('/user/profile/drafts?video=99');
    expect(await screen.findByText('Unable to find video')).toBeInTheDocument();
  });
});

describe('video detail: Grant access from My Parting Words (docs/product.md §6.7)', () => {
  function GrantPage() {
    const location = useLocation();
    return <output data-testid="grant">{JSON.stringify(location.state)}</output>;
  }
  const renderWithGrant = (route: string) =>
    renderWithApp(
      <Routes>
        <Route path="/user/profile/final" element={<FinalVideoPage />} />
        <Route path="/user/profile/drafts" element={<DraftVideoPage />} />
        <Route path="/user/access-code/form" element={<GrantPage />} />
      </Routes>,
      { route },
    );

  it("the owner's final video leads to the Grant access page with its id", async () => {
    fakeApi({ [routeKey(videoRoutes.listFinal)]: () => ({ body: { data: [video(3, 'final')] } }) });
    const user = userEvent.setup();
    renderWithGrant('/user/profile/final?video=3');
    await user.click(await screen.findByRole('link', { name: 'Grant access' }));
    expect(JSON.parse(screen.getByTestId('grant').textContent!)).toEqual({ videoId: 3 });
  });

  it('a draft offers no Grant access (only the final message is handed on)', async () => {
    fakeApi({ [routeKey(videoRoutes.listDraft)]: () => ({ body: { data: [video(7, 'draft')] } }) });
    renderWithGrant('/user/profile/drafts?video=7');
    expect(await screen.findByRole('heading', { name: 'Video 7' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Grant access' })).not.toBeInTheDocument();
  });
});

describe("video detail: the owner's 'Make public' is offered on drafts only", () => {
  it.each([
    { page: 'drafts', folder: 'draft', list: videoRoutes.listDraft, offered: true },
    { page: 'final', folder: 'final', list: videoRoutes.listFinal, offered: false },
    { page: 'scheduled', folder: 'scheduled', list: videoRoutes.listScheduled, offered: false },
  ] as const)('$page: offered $offered', async ({ page, folder, list, offered }) => {
    fakeApi({ [routeKey(list)]: () => ({ body: { data: [video(4, folder)] } }) });
    renderDetail(`/user/profile/${page}?video=4`);
    expect(await screen.findByRole('heading', { name: 'Video 4' })).toBeInTheDocument();
    expect(!!screen.queryByRole('button', { name: /Make public/ })).toBe(offered);
    // Every folder's page shows who holds access.
    expect(screen.getByRole('heading', { name: 'Who has access' })).toBeInTheDocument();
  });
});

describe('video detail: the video code only where it can find the video', () => {
  it.each([
    { page: 'drafts', folder: 'draft', list: videoRoutes.listDraft, isPrivate: 1, shown: true },
    { page: 'drafts', folder: 'draft', list: videoRoutes.listDraft, isPrivate: 0, shown: true },
    { page: 'final', folder: 'final', list: videoRoutes.listFinal, isPrivate: 1, shown: false },
    { page: 'final', folder: 'final', list: videoRoutes.listFinal, isPrivate: 0, shown: true },
    { page: 'scheduled', folder: 'scheduled', list: videoRoutes.listScheduled, isPrivate: 1, shown: false },
  ] as const)(
    '$page, is_private $isPrivate: shown $shown',
    async ({ page, folder, list, isPrivate, shown }) => {
      fakeApi({
        [routeKey(list)]: () => ({ body: { data: [video(4, folder, { is_private: isPrivate })] } }),
      });
      renderDetail(`/user/profile/${page}?video=4`);
      expect(await screen.findByRole('heading', { name: 'Video 4' })).toBeInTheDocument();
      expect(!!screen.queryByText('Video code')).toBe(shown);
      // A private final message keeps its access code, the code that applies to it.
      if (folder === 'final') expect(screen.getByText('Access code')).toBeInTheDocument();
    },
  );
});

describe("video detail: the owner's player plays the owner's own caption tracks", () => {
  const made: Blob[] = [];
  beforeEach(() => {
    made.length = 0;
    // jsdom makes no blob addresses: each file the page makes is kept here, named by its index.
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      made.push(blob as Blob);
      return `blob:test/${made.length - 1}`;
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  });
  afterEach(() => vi.restoreAllMocks());

  it('offers each track of the caption list, a draft marked as one, as WebVTT made in the page', async () => {
    const cue = (text: string) => [{ start: 1, end: 2, text }];
    fakeApi({
      [routeKey(videoRoutes.listDraft)]: () => ({ body: { data: [video(7, 'draft')] } }),
      [routeKey(captionRoutes.list, { id: 7 })]: () => ({
        body: {
          data: [
            {
              language: 'en',
              source: 'owner',
              status: 'accepted',
              cue_count: 1,
              updated_at: '',
              cues: cue('Hello'),
            },
            {
              language: 'fr',
              source: 'automatic',
              status: 'draft',
              cue_count: 1,
              updated_at: '',
              cues: cue('Salut'),
            },
          ],
          automatic: { available: false, state: null, progress: null },
        },
      }),
    });
    renderDetail('/user/profile/drafts?video=7');
    const player = await screen.findByLabelText('Video: Video 7');
    await waitFor(() => expect(player.querySelectorAll('track')).toHaveLength(2));
    const tracks = [...player.querySelectorAll('track')].map((track) => [
      track.getAttribute('srclang'),
      track.getAttribute('label'),
      track.getAttribute('src'),
    ]);
    expect(tracks).toEqual([
      ['en', 'English', 'blob:test/0'],
      ['fr', 'French (draft)', 'blob:test/1'],
    ]);
    expect(made[0]!.type).toBe('text/vtt');
    const text = await new Promise((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result);
      reader.readAsText(made[0]!);
    });
    expect(text).toBe('WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nHello\n');
  });
});
