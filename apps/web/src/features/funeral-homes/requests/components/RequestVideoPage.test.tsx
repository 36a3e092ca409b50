import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  PUBLISHABLE_ONCE_CONFIRMED,
  PUBLISH_QUESTION,
  VIDEO_PUBLISHED,
  type Video,
  funeralHomeRoutes,
} from '@pw/contracts';
import { routeKey, fakeApi, type Handler } from '@/test/fake-api';
import { renderAtRoute } from '@/test/render';
import { videoFixture } from '@/test/video-fixture';
import { PUBLISHED_TEXT, RequestVideoPage } from './RequestVideoPage';

const VIDEO_PATH = routeKey(funeralHomeRoutes.requestVideo, { id: 12 });
const PUBLISH_PATH = routeKey(funeralHomeRoutes.publish, { id: 12 });

function openVideo(video: Video & { awaiting_release?: boolean }, handlers: Record<string, Handler> = {}) {
  const api = fakeApi({
    [VIDEO_PATH]: () => ({ body: { data: { awaiting_release: false, ...video } } }),
    ...handlers,
  });
  renderAtRoute('/funeral/user-requests/:id/video', <RequestVideoPage />, '/funeral/user-requests/12/video');
  return api;
}

const SIGNED = videoFixture(9, 'final', {
  title: 'My last words',
  video_link: '/media/9.mp4?expires=1&signature=abc',
  search_code: 'SRCH9',
});

describe("The request's video (/funeral/user-requests/{id}/video)", () => {
  it("plays the signed URL; 'Public Video' asks 'Public Video?' and then says 'Video Published'", async () => {
    const api = openVideo(SIGNED, {
      [PUBLISH_PATH]: () => ({ body: { message: VIDEO_PUBLISHED, data: { id: 12 } } }),
    });
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { name: 'My last words' })).toBeInTheDocument();
    expect(screen.getByLabelText('Video: My last words')).toHaveAttribute(
      'src',
      '/media/9.mp4?expires=1&signature=abc',
    );
    await user.click(screen.getByRole('button', { name: 'Public Video' }));
    const ask = await screen.findByRole('dialog', { name: PUBLISH_QUESTION });
    await user.click(within(ask).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByRole('dialog', { name: VIDEO_PUBLISHED })).toBeInTheDocument();
    // Said once: the text says what changed rather than repeating the title.
    expect(screen.getByRole('dialog', { name: VIDEO_PUBLISHED })).toHaveTextContent(PUBLISHED_TEXT);
    expect(screen.getAllByText(VIDEO_PUBLISHED)).toHaveLength(1);
    expect(api.calls.filter((call) => call.method === 'POST')).toHaveLength(1);
    // Now public: no button, the state and the code others find it by.
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Public Video' })).not.toBeInTheDocument(),
    );
    expect(screen.getByText('Published')).toBeInTheDocument();
    expect(screen.getByText('SRCH9')).toBeInTheDocument();
    // The player keeps the URL it loaded: the video is not read again.
    expect(api.calls.filter((call) => call.method === 'GET')).toHaveLength(1);
  });

  it('a sealed final message can be watched; the page says it is publishable once the passing is confirmed', async () => {
    const api = openVideo({ ...SIGNED, awaiting_release: true });
    expect(await screen.findByRole('heading', { name: 'My last words' })).toBeInTheDocument();
    expect(screen.getByLabelText('Video: My last words')).toBeInTheDocument();
    expect(screen.getByText(PUBLISHABLE_ONCE_CONFIRMED)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Public Video' })).not.toBeInTheDocument();
    expect(api.calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it("publishes nothing when the question is answered 'No'", async () => {
    const api = openVideo(SIGNED, { [PUBLISH_PATH]: () => ({ body: { message: 'x', data: {} } }) });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Public Video' }));
    const ask = await screen.findByRole('dialog', { name: PUBLISH_QUESTION });
    await user.click(within(ask).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls.filter((call) => call.method === 'POST')).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Public Video' })).toBeInTheDocument();
  });

  it('shows a video already public as published, with no button', async () => {
    openVideo({ ...SIGNED, is_private: 0 });
    expect(await screen.findByText('Published')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Public Video' })).not.toBeInTheDocument();
  });

  it("shows the server's refusal (no running plan) and keeps the button", async () => {
    const refusal = 'An active funeral-home plan is needed to publish a video.';
    openVideo(SIGNED, { [PUBLISH_PATH]: () => ({ status: 403, body: { message: refusal } }) });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Public Video' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: PUBLISH_QUESTION })).getByRole('button', {
        name: 'Yes',
      }),
    );
    const failed = await screen.findByRole('dialog', { name: 'Unsuccessful' });
    expect(within(failed).getByText(refusal)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Public Video' })).toBeInTheDocument();
    expect(screen.queryByText('Published')).not.toBeInTheDocument();
  });

  it("says why in the server's words when there is nothing to play (404), with no retry", async () => {
    openVideo(SIGNED, {
      [VIDEO_PATH]: () => ({ status: 404, body: { message: 'This request has no video yet.' } }),
    });
    expect(await screen.findByText('This request has no video yet.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it("says 'Request not found.' for a 404 without a message", async () => {
    openVideo(SIGNED, { [VIDEO_PATH]: () => ({ status: 404, body: {} }) });
    expect(await screen.findByText('Request not found.')).toBeInTheDocument();
  });

  it('offers a retry when the video cannot be read', async () => {
    let fail = true;
    openVideo(SIGNED, {
      [VIDEO_PATH]: () => (fail ? { status: 500, body: {} } : { body: { data: SIGNED } }),
    });
    const user = userEvent.setup();
    expect(await screen.findByText('Unable to fetch data')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'My last words' })).toBeInTheDocument();
  });

  it('a double click on Yes publishes once', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const api = openVideo(SIGNED, {
      [PUBLISH_PATH]: async () => {
        await held;
        return { body: { message: VIDEO_PUBLISHED, data: {} } };
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Public Video' }));
    const yes = within(await screen.findByRole('dialog', { name: PUBLISH_QUESTION })).getByRole('button', {
      name: 'Yes',
    });
    await user.dblClick(yes);
    expect(screen.getByRole('button', { name: 'Publishing…' })).toBeDisabled();
    release();
    expect(await screen.findByRole('dialog', { name: VIDEO_PUBLISHED })).toBeInTheDocument();
    // Said once: the text says what changed rather than repeating the title.
    expect(screen.getByRole('dialog', { name: VIDEO_PUBLISHED })).toHaveTextContent(PUBLISHED_TEXT);
    expect(screen.getAllByText(VIDEO_PUBLISHED)).toHaveLength(1);
    expect(api.calls.filter((call) => call.method === 'POST')).toHaveLength(1);
  });
});
