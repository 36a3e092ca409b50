import { deliveryRoutes, RECEIPT_MESSAGES, routeUrl } from '@pw/contracts';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { HttpError, installFakeApi, type FakeApi } from '@/test/handler-fake-api';
import { apiServer } from '@/test/fake-api';
import { LINK_GONE_TEXT, WatchPage } from './WatchPage';
import { READ_THE_MESSAGE, TRANSCRIPT_FAILED } from './ReadTheMessage';

let api: FakeApi;
beforeEach(() => {
  api = installFakeApi();
});

function renderWatch(token = 'tok_123') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[`/watch/${token}`]}>
        <Routes>
          <Route path="/watch/:token" element={<WatchPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('WatchPage', () => {
  it('shows the sender, the title, the description and a playable video without an account', async () => {
    api.on('GET', routeUrl(deliveryRoutes.watch, { token: 'tok_123' }), () => ({
      data: {
        title: 'For Ann',
        description: 'Happy birthday, my dear.',
        sender_name: 'Jane Doe',
        video_link: '/media/signed/v.mp4?sig=abc',
        video_thumbnail: '/media/signed/t.jpg?sig=abc',
      },
    }));
    renderWatch();
    expect(screen.getByRole('status')).toHaveTextContent('Opening your message');
    expect(await screen.findByText('A message from Jane Doe')).toBeVisible();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('For Ann');
    expect(screen.getByText('Happy birthday, my dear.')).toBeVisible();
    const video = screen.getByLabelText('Video: For Ann') as HTMLVideoElement;
    expect(video.tagName).toBe('VIDEO');
    expect(video.controls).toBe(true);
    expect(video).toHaveAttribute('playsinline');
    expect(video).toHaveAttribute('preload', 'metadata');
    expect(video).toHaveAttribute('poster', '/media/signed/t.jpg?sig=abc');
    expect(video).toHaveAttribute('src', '/media/signed/v.mp4?sig=abc');
    expect(document.title).toBe('Parting Words | A message for you');
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(api.calls.map((call) => call.authorization)).toEqual([null]);
  });

  it('says in one line that the sender is told of the first open, only when receipts are on', async () => {
    for (const [token, receipt] of [
      ['told', true],
      ['quiet', false],
    ] as const) {
      api.on('GET', routeUrl(deliveryRoutes.watch, { token }), () => ({
        data: {
          title: `For ${token}`,
          description: 'A few words.',
          sender_name: 'Jane Doe',
          video_link: '/media/signed/v.mp4?sig=abc',
          video_thumbnail: null,
          receipt,
        },
      }));
    }
    renderWatch('told');
    expect(await screen.findByText(RECEIPT_MESSAGES.watchLine)).toBeVisible();
    cleanup();
    renderWatch('quiet');
    expect(await screen.findByRole('heading', { level: 1, name: 'For quiet' })).toBeVisible();
    expect(screen.queryByText(RECEIPT_MESSAGES.watchLine)).not.toBeInTheDocument();
  });

  it("shows the sender's note above the video as text, and nothing without one", async () => {
    const note = '<img src=x onerror="alert(1)"> Open it when you are ready.';
    api.on('GET', routeUrl(deliveryRoutes.watch, { token: 'noted' }), () => ({
      data: { title: 'For Ann', description: '', sender_name: 'Jane Doe', video_link: '/v.mp4', note },
    }));
    api.on('GET', routeUrl(deliveryRoutes.watch, { token: 'plain' }), () => ({
      data: { title: 'For Bob', description: '', sender_name: 'Jane Doe', video_link: '/v.mp4' },
    }));
    renderWatch('noted');
    const shown = await screen.findByLabelText('A note from Jane Doe');
    expect(shown).toHaveTextContent(note);
    expect(shown.querySelector('img')).toBeNull();
    // Above the video: it comes before the player in the page.
    const video = screen.getByLabelText('Video: For Ann');
    expect(shown.compareDocumentPosition(video) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    cleanup();
    renderWatch('plain');
    expect(await screen.findByRole('heading', { level: 1, name: 'For Bob' })).toBeVisible();
    expect(screen.queryByLabelText('A note from Jane Doe')).not.toBeInTheDocument();
  });

  it('says the message is no longer available for a dead link', async () => {
    api.on('GET', routeUrl(deliveryRoutes.watch, { token: 'gone' }), () => {
      throw new HttpError(404, { message: 'This message is no longer available.' });
    });
    renderWatch('gone');
    expect(
      await screen.findByRole('heading', { name: 'This message is no longer available.' }),
    ).toBeVisible();
    expect(screen.queryByLabelText(/Video/)).not.toBeInTheDocument();
    // Worded for a mourner too: the sender of a final message cannot be asked.
    expect(screen.getByText(LINK_GONE_TEXT)).toBeVisible();
    expect(document.body).not.toHaveTextContent(/sender/i);
  });

  it('retries a server hiccup twice, then offers to try again', async () => {
    let calls = 0;
    let up = false;
    api.on('GET', routeUrl(deliveryRoutes.watch, { token: 'flaky' }), () => {
      calls += 1;
      if (!up) throw new HttpError(503, { message: 'Unavailable' });
      return {
        data: {
          title: 'T',
          description: null,
          sender_name: 'S',
          video_link: '/v.mp4',
          video_thumbnail: null,
        },
      };
    });
    renderWatch('flaky');
    const retry = await screen.findByRole('button', { name: 'Try again' }, { timeout: 6000 });
    expect(calls).toBe(3);
    up = true;
    retry.click();
    await waitFor(() => expect(screen.getByText('A message from S')).toBeVisible());
  }, 10_000);

  describe('captions', () => {
    const EN = '/media/v/captions/en.vtt';
    const FR = '/media/v/captions/fr.vtt';
    const vtt = (...lines: string[]) =>
      'WEBVTT\n\n' +
      lines.map((line, i) => `00:00:0${i}.000 --> 00:00:0${i + 1}.000\n${line}`).join('\n\n') +
      '\n';
    const files: Record<string, { status: number; body: string }> = {};
    const serveFiles = () =>
      apiServer.use(
        http.get('*/media/v/captions/:file', ({ request }) => {
          const file = files[new URL(request.url).pathname] ?? { status: 404, body: '' };
          return new HttpResponse(file.body, {
            status: file.status,
            headers: { 'content-type': 'text/vtt; charset=utf-8' },
          });
        }),
      );
    const withCaptions = (token: string, captions: { language: string; url: string }[]) =>
      api.on('GET', routeUrl(deliveryRoutes.watch, { token }), () => ({
        data: {
          title: 'For Ann',
          description: '',
          sender_name: 'Jane Doe',
          video_link: '/media/signed/v.mp4?sig=abc',
          video_thumbnail: null,
          captions,
        },
      }));

    it('offers the tracks on the video, and "Read the message" shows the whole transcript as text', async () => {
      files[EN] = { status: 200, body: vtt('Hello, my dear.', 'I am so proud of you.') };
      files[FR] = { status: 200, body: vtt('Bonjour, ma chérie.') };
      serveFiles();
      withCaptions('cc', [
        { language: 'en', url: `${EN}?exp=1&sig=a` },
        { language: 'fr', url: `${FR}?exp=1&sig=b` },
      ]);
      renderWatch('cc');
      const video = await screen.findByLabelText('Video: For Ann');
      expect([...video.querySelectorAll('track')].map((track) => track.getAttribute('src'))).toEqual([
        `${EN}?exp=1&sig=a`,
        `${FR}?exp=1&sig=b`,
      ]);
      // Closed until asked for: nothing read yet.
      const button = screen.getByRole('button', { name: READ_THE_MESSAGE });
      expect(button).toHaveAttribute('aria-expanded', 'false');
      expect(screen.queryByText('Hello, my dear.')).not.toBeInTheDocument();
      fireEvent.click(button);
      expect(button).toHaveAttribute('aria-expanded', 'true');
      const region = await screen.findByRole('region', { name: READ_THE_MESSAGE });
      expect(await screen.findByText('Hello, my dear.')).toBeVisible();
      expect(region).toHaveTextContent('Hello, my dear.I am so proud of you.');
      // Another language on request.
      fireEvent.change(screen.getByLabelText('Language'), { target: { value: 'fr' } });
      expect(await screen.findByText('Bonjour, ma chérie.')).toBeVisible();
      fireEvent.click(button);
      expect(screen.queryByRole('region', { name: READ_THE_MESSAGE })).not.toBeInTheDocument();
    });

    it('says plainly when the words cannot be loaded, and offers to try again', async () => {
      files[EN] = { status: 403, body: '' };
      serveFiles();
      withCaptions('stale', [{ language: 'en', url: `${EN}?exp=1&sig=old` }]);
      renderWatch('stale');
      fireEvent.click(await screen.findByRole('button', { name: READ_THE_MESSAGE }));
      expect(await screen.findByRole('alert', undefined, { timeout: 4000 })).toHaveTextContent(
        TRANSCRIPT_FAILED,
      );
      files[EN] = { status: 200, body: vtt('Found again.') };
      fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
      expect(await screen.findByText('Found again.')).toBeVisible();
    });

    it('offers no "Read the message" for a video without captions', async () => {
      withCaptions('none', []);
      renderWatch('none');
      expect(await screen.findByLabelText('Video: For Ann')).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: READ_THE_MESSAGE })).not.toBeInTheDocument();
    });
  });
});
