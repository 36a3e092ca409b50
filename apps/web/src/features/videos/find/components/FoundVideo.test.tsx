import { videoRoutes } from '@pw/contracts';
import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import { renderWithApp } from '@/test/render';
import { routeKey, fakeApi, type RecordedCall } from '@/test/fake-api';
import { videoFixture } from '@/test/video-fixture';
import { AccessCodeVideoPage } from './AccessCodePage';
import { SearchVideoPage } from './SearchPage';
import type { Video } from '@pw/contracts';

const CODE = 'PUBLIC42';

/** The server's side: one public video whose likes change while the page's navigation state does not. */
function likeServer(start: { is_liked: boolean; total_likes: number }) {
  const state = { ...start };
  const current = (): Video =>
    videoFixture(42, 'draft', { title: 'Found words', search_code: CODE, is_private: 0, ...state });
  const server = fakeApi({
    [routeKey(videoRoutes.bySearchCode, { code: CODE })]: () => ({
      body: { data: { data: current() } },
    }),
    [routeKey(videoRoutes.reaction, { id: 42 })]: () => {
      state.is_liked = !state.is_liked;
      state.total_likes += state.is_liked ? 1 : -1;
      return { body: { data: { ...state } } };
    },
  });
  return { server, current, state };
}

function openFound(passed: Video, code?: string) {
  return renderWithApp(
    <Routes>
      <Route path="/user/search/video" element={<SearchVideoPage />} />
    </Routes>,
    { route: '/user/search/video', state: code === undefined ? { video: passed } : { video: passed, code } },
  );
}

const lookups = (calls: RecordedCall[]) =>
  calls.filter((call) => call.path.includes('detail-by-search-code'));

describe('found-video page reads the video again', () => {
  it("shows the server's likes, not those of the moment of the search, after a reload", async () => {
    // At the search the video had no like; since then this person liked it (e.g. before a reload).
    const { server } = likeServer({ is_liked: true, total_likes: 4 });
    const stale = videoFixture(42, 'draft', { title: 'Found words', search_code: CODE, total_likes: 3 });
    openFound(stale, CODE);
    const like = screen.getByRole('button', { name: 'Like' });
    expect(like).toBeDisabled(); // not offered on the stale state
    await waitFor(() => expect(like).toHaveAttribute('aria-pressed', 'true'));
    expect(screen.getByText('4 likes')).toBeInTheDocument();
    expect(like).toBeEnabled();
    expect(lookups(server.calls)).toHaveLength(1);
  });

  it("each click shows the server's answer, so the next click does what the screen says", async () => {
    const { server, state } = likeServer({ is_liked: true, total_likes: 4 });
    const stale = videoFixture(42, 'draft', { title: 'Found words', search_code: CODE, total_likes: 3 });
    const user = userEvent.setup();
    openFound(stale, CODE);
    const like = screen.getByRole('button', { name: 'Like' });
    await waitFor(() => expect(like).toBeEnabled());
    await user.click(like); // the screen says liked: this click removes the like
    await waitFor(() => expect(like).toHaveAttribute('aria-pressed', 'false'));
    expect(screen.getByText('3 likes')).toBeInTheDocument();
    expect(state).toEqual({ is_liked: false, total_likes: 3 });
    await user.click(like);
    await waitFor(() => expect(like).toHaveAttribute('aria-pressed', 'true'));
    expect(screen.getByText('4 likes')).toBeInTheDocument();
    expect(state).toEqual({ is_liked: true, total_likes: 4 });
    expect(server.calls.filter((call) => call.path.endsWith('/reaction'))).toHaveLength(2);
  });

  it('says so when a like was not saved, keeps the count the server last gave, and a retry is offered', async () => {
    let failing = true;
    const state = { is_liked: false, total_likes: 2 };
    fakeApi({
      [routeKey(videoRoutes.bySearchCode, { code: CODE })]: () => ({
        body: { data: { data: videoFixture(42, 'draft', { search_code: CODE, is_private: 0, ...state }) } },
      }),
      [routeKey(videoRoutes.reaction, { id: 42 })]: () => {
        if (failing) return { status: 503, body: { message: 'Please try again in a moment.' } };
        state.is_liked = true;
        state.total_likes += 1;
        return { body: { data: { ...state } } };
      },
    });
    const user = userEvent.setup();
    openFound(videoFixture(42, 'draft', { search_code: CODE, total_likes: 2 }), CODE);
    const like = screen.getByRole('button', { name: 'Like' });
    await waitFor(() => expect(like).toBeEnabled());
    await user.click(like);
    expect(await screen.findByRole('alert')).toHaveTextContent('Your like was not saved. Try again.');
    expect(like).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByText('2 likes')).toBeInTheDocument();
    failing = false;
    await user.click(like);
    await waitFor(() => expect(like).toHaveAttribute('aria-pressed', 'true'));
    expect(screen.getByText('3 likes')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('reads a search-found video by its own search code when the history entry has no code', async () => {
    const { server } = likeServer({ is_liked: false, total_likes: 9 });
    openFound(videoFixture(42, 'draft', { search_code: CODE, total_likes: 1 }));
    expect(await screen.findByText('9 likes')).toBeInTheDocument();
    expect(lookups(server.calls)).toHaveLength(1);
  });

  it('reads an access-code video again by the code that was entered', async () => {
    const server = fakeApi({
      [routeKey(videoRoutes.byAccessCode, { code: 'ACCESS9' })]: () => ({
        body: { data: { data: videoFixture(9, 'final', { title: 'Now retitled', access_code: null }) } },
      }),
    });
    renderWithApp(
      <Routes>
        <Route path="/user/access-code/video" element={<AccessCodeVideoPage />} />
      </Routes>,
      {
        route: '/user/access-code/video',
        state: { video: videoFixture(9, 'final', { title: 'As found', access_code: null }), code: 'ACCESS9' },
      },
    );
    expect(await screen.findByRole('heading', { name: 'Now retitled' })).toBeInTheDocument();
    expect(server.calls).toHaveLength(1);
  });

  it("says 'Unable to find video' with the server's message when the code no longer opens it", async () => {
    fakeApi({
      [routeKey(videoRoutes.bySearchCode, { code: CODE })]: () => ({
        status: 404,
        body: { message: 'No video found for this code.' },
      }),
    });
    openFound(videoFixture(42, 'draft', { search_code: CODE }), CODE);
    expect(await screen.findByText('Unable to find video')).toBeInTheDocument();
    expect(screen.getByText(/No video found for this code\./)).toBeInTheDocument();
  });
});

describe('access-code video: Grant access', () => {
  it("leads to /user/access-code/form with the video's id in navigation state", async () => {
    fakeApi({
      [routeKey(videoRoutes.byAccessCode, { code: 'ACCESS9' })]: () => ({
        body: { data: { data: videoFixture(9, 'final', { title: 'Last words', access_code: null }) } },
      }),
    });
    function GrantPage() {
      const location = useLocation();
      return <output data-testid="grant">{JSON.stringify(location.state)}</output>;
    }
    const user = userEvent.setup();
    renderWithApp(
      <Routes>
        <Route path="/user/access-code/video" element={<AccessCodeVideoPage />} />
        <Route path="/user/access-code/form" element={<GrantPage />} />
      </Routes>,
      { route: '/user/access-code/video', state: { code: 'ACCESS9' } },
    );
    await screen.findByRole('heading', { name: 'Last words' });
    await user.click(screen.getByRole('link', { name: 'Grant access' }));
    expect(JSON.parse(screen.getByTestId('grant').textContent!)).toEqual({ videoId: 9 });
  });
});
