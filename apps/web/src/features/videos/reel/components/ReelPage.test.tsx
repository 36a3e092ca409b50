import { videoRoutes } from '@pw/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithApp } from '@/test/render';
import { routeKey, fakeApi, type FakeApi, type RecordedCall } from '@/test/fake-api';
import { videoFixture } from '@/test/video-fixture';
import { CONTROLS_HIDE_MS, ReelPage } from './ReelPage';
import type { Video } from '@pw/contracts';
import { expectLinkTo } from '@/test/links';

const publicVideo = (id: number): Video =>
  videoFixture(id, 'draft', { title: `Public ${id}`, is_private: 0, total_likes: 2 });

function feedPage(call: RecordedCall, all: Video[]) {
  const url = new URL(call.path, 'http://localhost');
  const page = Number(url.searchParams.get('page'));
  const perPage = Number(url.searchParams.get('per_page'));
  const lastPage = Math.max(1, Math.ceil(all.length / perPage));
  return {
    body: {
      data: all.slice((page - 1) * perPage, page * perPage),
      meta: { current_page: page, last_page: lastPage, total: all.length, per_page: perPage, from: 1, to: 1 },
      links: { prev: null, next: null },
    },
  };
}

describe('home reel', () => {
  let videos: Video[];
  let server: FakeApi;
  let likeFails = false;

  beforeEach(() => {
    videos = Array.from({ length: 12 }, (_, index) => publicVideo(index + 1));
    likeFails = false;
    server = fakeApi({
      [routeKey(videoRoutes.feed)]: (call) => feedPage(call, videos),
      [routeKey(videoRoutes.reaction, { id: 1 })]: () =>
        likeFails
          ? { status: 500, body: { message: 'Server error' } }
          : { body: { data: { total_likes: 3, is_liked: true } } },
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  const title = () => screen.getByRole('heading', { level: 2 }).textContent;

  it('shows one video at a time and moves with the buttons and the arrow keys', async () => {
    const user = userEvent.setup();
    renderWithApp(<ReelPage />);
    expect(await screen.findByRole('heading', { level: 2, name: 'Public 1' })).toBeInTheDocument();
    expect(screen.getByText('by Ada Lovelace')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous video' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Next video' }));
    expect(title()).toBe('Public 2');
    fireEvent.keyDown(document.body, { key: 'ArrowDown' });
    expect(title()).toBe('Public 3');
    fireEvent.keyDown(document.body, { key: 'ArrowUp' });
    fireEvent.keyDown(document.body, { key: 'ArrowLeft' });
    expect(title()).toBe('Public 1');
    expectLinkTo('Upload Your Video', '/user/video/upload');
  });

  it('loads the next page before the viewer reaches the end', async () => {
    const user = userEvent.setup();
    renderWithApp(<ReelPage />);
    await screen.findByRole('heading', { level: 2, name: 'Public 1' });
    for (let step = 0; step < 8; step += 1)
      await user.click(screen.getByRole('button', { name: 'Next video' }));
    await waitFor(() => expect(server.calls.some((call) => call.path.includes('page=2'))).toBe(true));
    await user.click(screen.getByRole('button', { name: 'Next video' }));
    await user.click(screen.getByRole('button', { name: 'Next video' }));
    await user.click(screen.getByRole('button', { name: 'Next video' }));
    expect(title()).toBe('Public 12');
    expect(screen.getByRole('button', { name: 'Next video' })).toBeDisabled();
  });

  it('likes at once, keeps the server count, and undoes a failed like', async () => {
    const user = userEvent.setup();
    renderWithApp(<ReelPage />);
    await screen.findByRole('heading', { level: 2, name: 'Public 1' });
    await user.click(screen.getByRole('button', { name: 'Like' }));
    expect(await screen.findByText('3 likes')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Like' })).toHaveAttribute('aria-pressed', 'true');
    expect(server.calls.find((call) => call.path.endsWith('/reaction'))?.body).toBe('{"reaction":"like"}');

    likeFails = true;
    await user.click(screen.getByRole('button', { name: 'Like' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Like' })).not.toBeDisabled());
    expect(screen.getByText('3 likes')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Like' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('hides the overlay controls 1 s after the mouse leaves', async () => {
    renderWithApp(<ReelPage />);
    const region = await screen.findByRole('region', { name: 'Public videos' });
    vi.useFakeTimers();
    fireEvent.mouseEnter(region);
    fireEvent.mouseLeave(region);
    act(() => vi.advanceTimersByTime(CONTROLS_HIDE_MS - 50));
    expect(region).toHaveClass('reel--controls');
    act(() => vi.advanceTimersByTime(100));
    expect(region).not.toHaveClass('reel--controls');
    fireEvent.mouseEnter(region);
    expect(region).toHaveClass('reel--controls');
  });

  it('slides for 400 ms, or changes at once when less motion is asked for', async () => {
    const user = userEvent.setup();
    const { container, unmount } = renderWithApp(<ReelPage />);
    await screen.findByRole('heading', { level: 2, name: 'Public 1' });
    await user.click(screen.getByRole('button', { name: 'Next video' }));
    expect(container.querySelector('.reel__slide--out-up')).not.toBeNull();
    expect(container.querySelector('.reel__slide--in-up')).not.toBeNull();
    await waitFor(() => expect(container.querySelector('.reel__slide--out-up')).toBeNull());
    unmount();

    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query === '(prefers-reduced-motion: reduce)',
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }));
    const reduced = renderWithApp(<ReelPage />);
    await screen.findByRole('heading', { level: 2, name: 'Public 1' });
    await user.click(screen.getByRole('button', { name: 'Next video' }));
    expect(title()).toBe('Public 2');
    expect(reduced.container.querySelectorAll('.reel__slide')).toHaveLength(1);
  });

  it('says so when there are no public videos', async () => {
    videos = [];
    renderWithApp(<ReelPage />);
    expect(await screen.findByText('No public videos yet')).toBeInTheDocument();
  });

  it('offers to upload, to record and to open one’s own folders, with or without public videos', async () => {
    for (const feed of [[], videos]) {
      videos = feed;
      const view = renderWithApp(<ReelPage />);
      await (feed.length
        ? screen.findByRole('heading', { level: 2, name: 'Public 1' })
        : screen.findByText('No public videos yet'));
      expectLinkTo('Upload Your Video', '/user/video/upload');
      expectLinkTo('Record a message', '/user/video/VideoRecorder');
      expect(screen.getByRole('link', { name: 'My messages' })).toHaveAttribute('href', '/user/profile');
      view.unmount();
    }
  });
});
