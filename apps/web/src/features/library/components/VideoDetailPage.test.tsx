import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import type { Video, VideoFolder } from '../../../lib/videos';
import { fakeServer, renderWithApp, type RecordedCall } from '../../../test/render';
import { DraftVideoPage, FinalVideoPage, ScheduledVideoPage } from './VideoDetailPage';

const video = (id: number, type: VideoFolder, extra: Partial<Video> = {}): Video => ({
  id,
  video_link: `/media/${id}.mp4`,
  title: `Video ${id}`,
  description: 'Words for later',
  type,
  state: 'ready',
  total_likes: 0,
  is_liked: false,
  search_code: `SEARCH${id}`,
  access_code: type === 'final' ? `ACCESS${id}` : null,
  is_private: true,
  video_thumbnail: null,
  duration: '00:00:12',
  ...extra,
});

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
  let server: ReturnType<typeof fakeServer>;
  let updateStatus = 200;

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
    updateStatus = 200;
    const move = (id: number, to: VideoFolder) => {
      for (const list of Object.values(folders)) {
        const index = list.findIndex((item) => item.id === id);
        if (index >= 0) {
          const [moved] = list.splice(index, 1);
          folders[to].push({ ...moved!, type: to, access_code: to === 'final' ? `ACCESS${id}` : null });
        }
      }
    };
    server = fakeServer({
      'GET /api/web/user/video/list': () => ({ body: { data: folders.final } }),
      'GET /api/web/user/video/list/scheduled': () => ({ body: { data: folders.scheduled } }),
      'GET /api/web/user/video/list/draft': () => ({ body: { data: folders.draft } }),
      'POST /api/web/user/video/7/update-type': (call) => {
        if (updateStatus === 409) {
          return {
            status: 409,
            body: {
              message:
                'A file already exists in that folder. It needs to be removed before placing another file there.',
            },
          };
        }
        const to = json(call).type as VideoFolder;
        move(7, to);
        return { body: { message: 'Moved', data: { ...video(7, to) } } };
      },
      'POST /api/web/user/video/5/update-type': (call) => {
        const body = json(call);
        move(5, body.type as VideoFolder);
        return {
          body: { message: 'Video schedule has been updated', data: video(5, body.type as VideoFolder) },
        };
      },
    });
    vi.stubGlobal('fetch', server.fetch);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('offers the other two folders and requires a choice', async () => {
    const user = userEvent.setup();
    renderDetail('/user/profile/drafts?video=7');
    await user.click(await screen.findByRole('button', { name: /Change folder/ }));
    const dialog = await screen.findByRole('dialog');
    const select = within(dialog).getByLabelText(/Move this video to/);
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Select a folder', 'Scheduled folder', 'My Parting Words']);
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(within(dialog).getByText('Please select a valid option.')).toBeInTheDocument();
  });

  it('moves a draft to My Parting Words directly', async () => {
    const user = userEvent.setup();
    renderDetail('/user/profile/drafts?video=7');
    await user.click(await screen.findByRole('button', { name: /Change folder/ }));
    await user.selectOptions(screen.getByLabelText(/Move this video to/), 'final');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Video moved')).toBeInTheDocument();
    const call = server.calls.find((item) => item.path.endsWith('/7/update-type'));
    expect(json(call!)).toEqual({ type: 'final' });
    // The screen follows the video into its new folder, where its access code shows.
    expect(await screen.findByText('ACCESS7')).toBeInTheDocument();
  });

  it('shows the conflict dialog when the target folder already holds a video', async () => {
    updateStatus = 409;
    const user = userEvent.setup();
    renderDetail('/user/profile/drafts?video=7');
    await user.click(await screen.findByRole('button', { name: /Change folder/ }));
    await user.selectOptions(screen.getByLabelText(/Move this video to/), 'final');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Unsuccessful')).toBeInTheDocument();
    expect(
      screen.getByText(
        'A file already exists in that folder. It needs to be removed before placing another file there.',
      ),
    ).toBeInTheDocument();
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
    await user.click(within(form).getByRole('button', { name: 'Schedule' }));
    expect(await screen.findByText('Video moved and scheduled')).toBeInTheDocument();
    const call = server.calls.find((item) => item.path.endsWith('/7/update-type'));
    expect(json(call!)).toEqual({
      type: 'scheduled',
      email: 'kin@example.com',
      share_at_date: '2099-12-24',
      share_at_time: '09:15:00',
      timezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
  });

  it('confirms that a scheduled video will NOT be sent before moving it out', async () => {
    const user = userEvent.setup();
    renderDetail('/user/profile/scheduled?video=5');
    expect(await screen.findByText('kin@example.com')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Change folder/ }));
    await user.selectOptions(screen.getByLabelText(/Move this video to/), 'draft');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    const confirm = await screen.findByText(/This video will NOT be sent/);
    expect(server.calls.some((item) => item.path.endsWith('/5/update-type'))).toBe(false);
    await user.click(within(confirm.closest('.modal')! as HTMLElement).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('Video moved')).toBeInTheDocument();
    expect(json(server.calls.find((item) => item.path.endsWith('/5/update-type'))!)).toEqual({
      type: 'draft',
    });
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

  it("says 'Unable to find video' for an id in no folder list", async () => {
    renderDetail('/user/profile/drafts?video=99');
    expect(await screen.findByText('Unable to find video')).toBeInTheDocument();
  });
});
