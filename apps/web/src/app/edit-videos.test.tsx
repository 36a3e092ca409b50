import { accountRoutes, legacyRoutes } from '@pw/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { editList } from '@/lib/edit-list/edit-list-store';
import { session } from '@/lib/session';
import { routeKey, fakeApi } from '@/test/fake-api';
import { legacySettings } from '@/test/legacy-fixture';
import { renderAppRoutes } from '@/test/app-routes';

const account = { id: 7, type: 'user' as const, email: 'p@example.com', first_name: 'Pat', last_name: 'Lee' };

/** The real route table at `path`, signed in as a user (the area asks the API; 404s will do). */
async function open(path: string) {
  session.signIn({ ...account, photo_path: null }, 'token');
  fakeApi({
    [routeKey(accountRoutes.userProfile)]: () => ({ body: { data: account } }),
    [routeKey(legacyRoutes.settings)]: () => ({ body: { data: legacySettings() } }),
  });
  const { router, close } = renderAppRoutes(path);
  return { router, close };
}

describe('/user/profile/edit-videos', () => {
  afterEach(async () => {
    await editList().clear();
    session.clear();
    vi.unstubAllGlobals();
  });

  it('opens the edit list kept under editVideos, in the same editor as /user/video/upload', async () => {
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:test/1', revokeObjectURL() {} }));
    await editList().add([new File(['clip'], 'goodbye.mp4', { type: 'video/mp4' })]);
    expect(JSON.parse(localStorage.getItem('editVideos') ?? '[]')).toMatchObject([{ name: 'goodbye.mp4' }]);

    for (const path of ['/user/profile/edit-videos', '/user/video/upload']) {
      const page = await open(path);
      expect(
        await screen.findByRole('heading', { name: 'Edit your video' }, { timeout: 30_000 }),
      ).toBeInTheDocument();
      expect(screen.getAllByText('goodbye.mp4').length).toBeGreaterThan(0);
      expect(page.router.state.location.pathname).toBe(path);
      await page.close();
    }
  }, 90_000);

  it('offers recording or uploading when the edit list is empty, not the not-found page', async () => {
    const page = await open('/user/profile/edit-videos');
    expect(
      await screen.findByRole('heading', { name: 'Upload Your Video' }, { timeout: 30_000 }),
    ).toBeInTheDocument();
    expect(screen.queryByText(/not found/i)).toBeNull();
    await page.close();
  }, 60_000);
});
