import { beforeAll, describe, expect, it } from 'vitest';
import { adminAccountRoutes, funeralHomeRoutes } from '@pw/contracts';
import { contextForSuite } from '../../../test/helpers';
import { ADMIN_ENV, logInAgain, signInAdmin, signUpUser, type SignedIn } from '../accounts/accounts.fixtures';
import { call, finalVideo, openByCode, signUpListedHome } from './funeral-homes.fixtures';

/**
 * A deactivated owner's video is shown to no funeral home (title, description, the owner's name): its
 * request video answers 404 while the owner is deactivated, and again 200 once they are activated.
 */
describe("a funeral home and a deactivated owner's video", () => {
  let admin: SignedIn;

  const ctx = contextForSuite({ PUBLIC_URL: 'http://pw.test', ...ADMIN_ENV });
  beforeAll(async () => {
    admin = await signInAdmin(ctx);
  });

  const setStatus = (id: number, status: 0 | 1) =>
    call(ctx, adminAccountRoutes.userStatus, admin.token, { params: { id }, body: { status } });
  const requestVideo = (home: SignedIn, id: number) =>
    call(ctx, funeralHomeRoutes.requestVideo, home.token, { params: { id } });

  /** `granter` grants `videoId` to a new listed home: the home's request id. */
  async function grantedToHome(granter: SignedIn, videoId: number) {
    const home = await signUpListedHome(ctx, { home_name: 'Evergreen Chapel' });
    const granted = await call(ctx, funeralHomeRoutes.grantAccess, granter.token, {
      params: { id: videoId },
      body: { type: 1, email: home.email },
    });
    expect(granted.statusCode).toBe(200);
    return { home, requestId: granted.json().data.request_id as number };
  }

  it('the owner granted it: 404 while the owner is deactivated, shown again once activated', async () => {
    const owner = await signUpUser(ctx, { first_name: 'Olive', last_name: 'Owner' });
    const video = await finalVideo(ctx, owner.id, 'Private words');
    const { home, requestId } = await grantedToHome(owner, video.id);
    const shown = await requestVideo(home, requestId);
    expect(shown.statusCode).toBe(200);
    expect(JSON.stringify(shown.json())).toContain('Private words');

    expect((await setStatus(owner.id, 0)).statusCode).toBe(200);
    const hidden = await requestVideo(home, requestId);
    expect(hidden.statusCode).toBe(404);
    expect(JSON.stringify(hidden.json())).not.toMatch(/Private words|Olive|Owner/);
    // Nor can the home publish it meanwhile.
    const publish = await call(ctx, funeralHomeRoutes.publish, home.token, { params: { id: requestId } });
    expect(publish.statusCode).toBeGreaterThanOrEqual(400);

    expect((await setStatus(owner.id, 1)).statusCode).toBe(200);
    expect((await requestVideo(home, requestId)).statusCode).toBe(200);
  });

  it('a code holder granted it: the same', async () => {
    const holder = await signUpUser(ctx);
    const video = await finalVideo(ctx, undefined, 'Held words');
    expect((await openByCode(ctx, holder.token, video.accessCode)).statusCode).toBe(200);
    const { home, requestId } = await grantedToHome(holder, video.id);
    expect((await requestVideo(home, requestId)).statusCode).toBe(200);
    // The owner (written directly, no session) is deactivated through the admin call.
    expect((await setStatus(video.ownerId, 0)).statusCode).toBe(200);
    expect((await requestVideo(home, requestId)).statusCode).toBe(404);
    expect((await setStatus(video.ownerId, 1)).statusCode).toBe(200);
    expect((await requestVideo(home, requestId)).statusCode).toBe(200);
    holder.token = (await logInAgain(ctx, holder)).json().data.token as string;
  });
});
