import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  AUTOMATIC_CAPTION_MESSAGES,
  CAPTION_MESSAGES,
  CAPTION_TRACK_MESSAGES,
  captionRoutes,
  type AutomaticCaptions,
  type CaptionTrack,
} from '@pw/contracts';
import { routeKey, fakeApi, type FakeApi, type Handler } from '@/test/fake-api';
import { renderWithApp } from '@/test/render';
import { videoFixture } from '@/test/video-fixture';
import { CaptionsPanel } from './CaptionsPanel';
import { CAPTION_FORM_MESSAGES } from './caption-form';

const LIST = routeKey(captionRoutes.list, { id: 5 });
const saveKey = (language: string) => routeKey(captionRoutes.save, { id: 5, language });

const ENGLISH: CaptionTrack = {
  language: 'en',
  source: 'owner',
  status: 'accepted',
  cue_count: 2,
  updated_at: '2026-11-20T10:00:00.000Z',
  cues: [
    { start: 0.5, end: 3, text: 'Hello, my darling.' },
    { start: 3, end: 7.25, text: 'Remember the sea?' },
  ],
};
const DRAFT: CaptionTrack = {
  ...ENGLISH,
  language: 'fr',
  source: 'automatic',
  status: 'draft',
  cue_count: 1,
  cues: [{ start: 0, end: 2, text: 'Bonjour.' }],
};

/** The list's word on automatic captions from a server with no recognizer installed. */
const NO_RECOGNIZER: AutomaticCaptions = { available: false, state: null, progress: null };

const saved =
  (track: CaptionTrack): Handler =>
  () => ({
    body: { message: CAPTION_TRACK_MESSAGES.saved, data: track },
  });

function openPanel(handlers: Record<string, Handler>, extra: Parameters<typeof videoFixture>[2] = {}) {
  const api = fakeApi(handlers);
  renderWithApp(<CaptionsPanel video={videoFixture(5, 'draft', extra)} />);
  return api;
}

const calls = (api: FakeApi, method: string) => api.calls.filter((call) => call.method === method);
const bodyOf = (api: FakeApi) => JSON.parse(String(calls(api, 'PUT')[0]!.body)) as unknown;

afterEach(() => sessionStorage.clear());

describe("the Captions section of the owner's video page", () => {
  it('loading, error with a retry, then the empty state', async () => {
    let fail = true;
    openPanel({
      [LIST]: () =>
        fail ? { status: 500, body: { message: 'boom' } } : { body: { data: [], automatic: NO_RECOGNIZER } },
    });
    expect(screen.getByRole('status')).toHaveTextContent('Loading captions…');
    const retry = await screen.findByRole('button', { name: 'Try again' });
    fail = false;
    await userEvent.setup().click(retry);
    expect(await screen.findByText('This video has no captions yet.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add captions' })).toBeInTheDocument();
  });

  it('lists each track with its language, whose it is, draft or accepted, and its number of captions', async () => {
    openPanel({ [LIST]: () => ({ body: { data: [ENGLISH, DRAFT], automatic: NO_RECOGNIZER } }) });
    const section = await screen.findByRole('region', { name: 'Captions' });
    const [english, french] = await within(section).findAllByRole('listitem');
    expect(english).toHaveTextContent('English (en)');
    expect(english).toHaveTextContent('Written by you');
    expect(english).toHaveTextContent('Accepted');
    expect(english).toHaveTextContent('2 captions');
    expect(french).toHaveTextContent('French (fr)');
    expect(french).toHaveTextContent('Automatic');
    expect(french).toHaveTextContent('Draft: only you see it');
    expect(french).toHaveTextContent('1 caption');
    // Only the draft can be accepted.
    expect(
      within(french!).getByRole('button', { name: 'Accept the French (fr) captions' }),
    ).toBeInTheDocument();
    expect(within(english!).queryByRole('button', { name: /accept/i })).toBeNull();
  });

  it('a file with a bad line names the line at once, before anything is sent', async () => {
    const api = openPanel({ [LIST]: () => ({ body: { data: [], automatic: NO_RECOGNIZER } }) });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add captions' }));
    await user.click(screen.getByRole('radio', { name: 'Upload a WebVTT or SRT file' }));
    const bad = '1\n00:00:01,000 --> 00:00:02,000\nFirst\n\n2\n00:00:03 --> 00:00:04,000\nSecond\n';
    await user.upload(
      screen.getByLabelText('WebVTT or SRT file'),
      new File([bad], 'words.srt', { type: 'application/x-subrip' }),
    );
    expect(await screen.findByText(`Line 6: ${CAPTION_MESSAGES.badTiming}`)).toBeInTheDocument();
    expect(screen.getByLabelText('WebVTT or SRT file')).toHaveAttribute('aria-invalid', 'true');
    await user.click(screen.getByRole('button', { name: 'Save captions' }));
    expect(calls(api, 'PUT')).toHaveLength(0);
  });

  it('a good file is sent as the file; the server refusing it shows its line under the file', async () => {
    const api = openPanel({
      [LIST]: () => ({ body: { data: [], automatic: NO_RECOGNIZER } }),
      [saveKey('en')]: () => ({
        status: 422,
        body: { message: 'The given data was invalid.', errors: { vtt: ['Line 2: refused here'] } },
      }),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add captions' }));
    await user.clear(screen.getByLabelText(/Language/));
    await user.type(screen.getByLabelText(/Language/), 'en');
    await user.click(screen.getByRole('radio', { name: 'Upload a WebVTT or SRT file' }));
    const good = 'WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nHello\n';
    await user.upload(screen.getByLabelText('WebVTT or SRT file'), new File([good], 'words.vtt'));
    expect(await screen.findByText('words.vtt is ready to be saved.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save captions' }));
    expect(await screen.findByText('Line 2: refused here')).toBeInTheDocument();
    expect(bodyOf(api)).toEqual({ vtt: good });
  });

  it('a transcript is sent for the canonical language; a bad tag is refused with the contract message', async () => {
    const api = openPanel({
      [LIST]: () => ({ body: { data: [], automatic: NO_RECOGNIZER } }),
      [saveKey('pt-BR')]: saved({ ...ENGLISH, language: 'pt-BR' }),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add captions' }));
    const language = screen.getByLabelText(/Language/);
    await user.clear(language);
    await user.type(language, 'not a tag!');
    await user.type(screen.getByLabelText(/Transcript/), 'Hello. I love you all.');
    await user.click(screen.getByRole('button', { name: 'Save captions' }));
    expect(await screen.findByText(CAPTION_TRACK_MESSAGES.badLanguage)).toBeInTheDocument();
    expect(calls(api, 'PUT')).toHaveLength(0);
    await user.clear(language);
    await user.type(language, 'pt-br');
    await user.click(screen.getByRole('button', { name: 'Save captions' }));
    expect(await screen.findByRole('dialog', { name: CAPTION_TRACK_MESSAGES.saved })).toBeInTheDocument();
    expect(calls(api, 'PUT')[0]!.path).toBe(
      routeKey(captionRoutes.save, { id: 5, language: 'pt-BR' }).slice(4),
    );
    expect(bodyOf(api)).toEqual({ transcript: 'Hello. I love you all.' });
  });

  it('edits cues (text, a time, the player time, one added and one removed) and saves them as cues', async () => {
    const api = openPanel({
      [LIST]: () => ({ body: { data: [ENGLISH], automatic: NO_RECOGNIZER } }),
      [saveKey('en')]: saved(ENGLISH),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit the English (en) captions' }));
    const field = (id: string) => document.getElementById(`captions-5-cue-${id}`) as HTMLInputElement;
    expect(field('0-start')).toHaveValue('0:00.500');
    expect(field('1-end')).toHaveValue('0:07.250');
    const text = field('0-text');
    expect(text).toHaveValue('Hello, my darling.');
    await user.clear(text);
    await user.type(text, 'Hello, my dear.');
    const end = field('0-end');
    await user.clear(end);
    await user.type(end, '0:04.2');
    // The player stands at 12.25 s: a new caption starts there, and its end is set from the player too.
    const player = screen.getByLabelText('Preview: Video 5') as HTMLVideoElement;
    Object.defineProperty(player, 'currentTime', { value: 12.25, writable: true, configurable: true });
    await user.click(screen.getByRole('button', { name: 'Add a caption' }));
    expect(document.getElementById('captions-5-cue-2-start')).toHaveValue('0:12.250');
    await user.type(document.getElementById('captions-5-cue-2-text')!, 'Goodbye.');
    player.currentTime = 14.5;
    await user.click(screen.getByRole('button', { name: "Set end of caption 3 to the player's time" }));
    expect(document.getElementById('captions-5-cue-2-end')).toHaveValue('0:14.500');
    await user.click(screen.getByRole('button', { name: 'Remove caption 2' }));
    await user.click(screen.getByRole('button', { name: 'Save captions' }));
    expect(await screen.findByRole('dialog', { name: CAPTION_TRACK_MESSAGES.saved })).toBeInTheDocument();
    expect(calls(api, 'PUT')).toHaveLength(1);
    expect(bodyOf(api)).toEqual({
      cues: [
        { start: 0.5, end: 4.2, text: 'Hello, my dear.' },
        { start: 12.25, end: 14.5, text: 'Goodbye.' },
      ],
    });
  });

  it('a cue that cannot be read is refused at its field, and nothing is sent', async () => {
    const api = openPanel({ [LIST]: () => ({ body: { data: [ENGLISH], automatic: NO_RECOGNIZER } }) });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit the English (en) captions' }));
    const start = document.getElementById('captions-5-cue-0-start') as HTMLInputElement;
    await user.clear(start);
    await user.type(start, 'soon');
    const end = document.getElementById('captions-5-cue-1-end') as HTMLInputElement;
    await user.clear(end);
    await user.type(end, '0:02');
    await user.click(screen.getByRole('button', { name: 'Save captions' }));
    expect(await screen.findByText(CAPTION_FORM_MESSAGES.badTime)).toBeInTheDocument();
    expect(screen.getByText(CAPTION_MESSAGES.endBeforeStart)).toBeInTheDocument();
    expect(start).toHaveAttribute('aria-invalid', 'true');
    expect(calls(api, 'PUT')).toHaveLength(0);
  });

  it('delete asks once, and a declined question deletes nothing', async () => {
    let tracks = [ENGLISH];
    const api = openPanel({
      [LIST]: () => ({ body: { data: tracks, automatic: NO_RECOGNIZER } }),
      [routeKey(captionRoutes.remove, { id: 5, language: 'en' })]: () => {
        tracks = [];
        return { body: { message: CAPTION_TRACK_MESSAGES.deleted, data: null } };
      },
    });
    const user = userEvent.setup();
    const remove = await screen.findByRole('button', { name: 'Delete the English (en) captions' });
    await user.click(remove);
    let ask = await screen.findByRole('dialog', { name: 'Delete these captions?' });
    expect(
      within(ask).getByText(/English \(en\) captions of this video will be deleted/),
    ).toBeInTheDocument();
    await user.click(within(ask).getByRole('button', { name: 'Keep them' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls(api, 'DELETE')).toHaveLength(0);

    // By keyboard this time; one question, one call.
    remove.focus();
    await user.keyboard('{Enter}');
    ask = await screen.findByRole('dialog', { name: 'Delete these captions?' });
    await user.click(within(ask).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('dialog', { name: CAPTION_TRACK_MESSAGES.deleted })).toBeInTheDocument();
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    expect(calls(api, 'DELETE')).toHaveLength(1);
    expect(await screen.findByText('This video has no captions yet.')).toBeInTheDocument();
  });

  it("says why the upload's captions were not saved, until dismissed", async () => {
    sessionStorage.setItem('uploadCaptionsFailed', JSON.stringify({ 5: CAPTION_TRACK_MESSAGES.noLength }));
    openPanel({ [LIST]: () => ({ body: { data: [], automatic: NO_RECOGNIZER } }) });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(CAPTION_TRACK_MESSAGES.noLength);
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText(CAPTION_TRACK_MESSAGES.noLength)).toBeNull();
    expect(sessionStorage.getItem('uploadCaptionsFailed')).toBeNull();
  });

  it('accepts a draft written automatically: one call, the answer said, the list read again', async () => {
    let accepted = false;
    const api = openPanel({
      [LIST]: () => ({
        body: { data: [accepted ? { ...DRAFT, status: 'accepted' } : DRAFT], automatic: NO_RECOGNIZER },
      }),
      [routeKey(captionRoutes.accept, { id: 5, language: 'fr' })]: () => {
        accepted = true;
        return {
          body: { message: AUTOMATIC_CAPTION_MESSAGES.accepted, data: { ...DRAFT, status: 'accepted' } },
        };
      },
    });
    const user = userEvent.setup();
    await user.dblClick(await screen.findByRole('button', { name: 'Accept the French (fr) captions' }));
    expect(
      await screen.findByRole('dialog', { name: AUTOMATIC_CAPTION_MESSAGES.accepted }),
    ).toBeInTheDocument();
    expect(calls(api, 'POST')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('button', { name: /^Accept/ })).toBeNull());
    expect(screen.getByText('Accepted')).toBeInTheDocument();
  });

  it('shows the automatic captions being written with their progress, and asks for them on a ready video', async () => {
    let automatic: AutomaticCaptions = { available: true, state: null, progress: null };
    const api = fakeApi({
      [LIST]: () => ({ body: { data: [], automatic } }),
      [routeKey(captionRoutes.automatic, { id: 5 })]: () => {
        automatic = { available: true, state: 'running', progress: 40 };
        return { body: { message: AUTOMATIC_CAPTION_MESSAGES.started, automatic } };
      },
    });
    renderWithApp(<CaptionsPanel video={videoFixture(5, 'draft', { state: 'ready' })} />);
    await userEvent
      .setup()
      .click(await screen.findByRole('button', { name: 'Write captions automatically' }));
    expect(
      await screen.findByRole('dialog', { name: AUTOMATIC_CAPTION_MESSAGES.started }),
    ).toBeInTheDocument();
    expect(await screen.findByText(AUTOMATIC_CAPTION_MESSAGES.writing(40))).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Write captions automatically' })).toBeNull();
    expect(calls(api, 'POST')).toHaveLength(1);
  });

  it('says when automatic captions failed, and offers to write them again', async () => {
    openPanel(
      {
        [LIST]: () => ({ body: { data: [], automatic: { available: true, state: 'failed', progress: 10 } } }),
      },
      { state: 'ready' },
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(AUTOMATIC_CAPTION_MESSAGES.failed);
    expect(screen.getByRole('button', { name: 'Write captions automatically' })).toBeInTheDocument();
  });

  it('offers nothing automatic where the server has no recognizer', async () => {
    openPanel({ [LIST]: () => ({ body: { data: [], automatic: NO_RECOGNIZER } }) }, { state: 'ready' });
    expect(await screen.findByText('This video has no captions yet.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Write captions automatically' })).toBeNull();
    expect(screen.queryByText(/Writing captions/)).toBeNull();
  });
});
