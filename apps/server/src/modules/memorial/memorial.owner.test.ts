import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEMORIAL_MESSAGES, memorialRoutes, routeUrl } from '@pw/contracts';
import { insertVideo } from '../../../test/delivery-fixtures';
import { createTestContext, multipart, tinyPng, type TestContext } from '../../../test/helpers';
import { bearer, signUpFuneralHome, signUpUser, type SignedIn } from '../accounts/accounts.fixtures';
import { callRoute } from './memorial.fixtures';
import { memorialSettings } from './memorial.schema';

describe("the owner's memorial choice", () => {
  let ctx: TestContext;
  let owner: SignedIn;
  let other: SignedIn;
  let ownVideo: number;
  let othersVideo: number;

  const settingsRow = async (userId: number) =>
    (await ctx.deps.db.select().from(memorialSettings).where(eq(memorialSettings.userId, userId)))[0] ?? null;
  const put = (token: string | undefined, body: object) =>
    callRoute(ctx, memorialRoutes.saveSettings, { token, body });
  const putForm = (token: string, fields: Record<string, string | string[]>, file?: Buffer) => {
    const form = multipart(
      fields,
      file ? [{ field: 'photo', filename: 'me.png', contentType: 'image/png', content: file }] : [],
    );
    return ctx.app.inject({
      method: 'PUT',
      url: routeUrl(memorialRoutes.saveSettings),
      headers: { ...bearer(token), ...form.headers },
      payload: form.payload,
    });
  };

  beforeAll(async () => {
    ctx = await createTestContext();
    owner = await signUpUser(ctx);
    other = await signUpUser(ctx);
    ownVideo = await insertVideo(ctx.deps.db, owner.id, { folder: 'final', title: 'My words' });
    othersVideo = await insertVideo(ctx.deps.db, other.id, { folder: 'draft', title: 'Not yours' });
  });
  afterAll(() => ctx.close());

  it('is off by default, with the owner’s ready videos to choose from and no page', async () => {
    await insertVideo(ctx.deps.db, owner.id, {
      folder: 'draft',
      title: 'Still converting',
      state: 'processing',
    });
    const res = await callRoute(ctx, memorialRoutes.settings, { token: owner.token });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      enabled: false,
      text: null,
      photo_path: null,
      video_ids: [],
      moderators: 'contacts',
      listed: false,
      choosable_videos: [{ id: ownVideo, title: 'My words', type: 'final' }],
      page_path: null,
    });
  });

  it('without a credential 401, as a funeral home 403: nothing is read or written', async () => {
    const home = await signUpFuneralHome(ctx);
    expect((await callRoute(ctx, memorialRoutes.settings)).statusCode).toBe(401);
    expect((await callRoute(ctx, memorialRoutes.settings, { token: home.token })).statusCode).toBe(403);
    expect((await put(undefined, { enabled: true })).statusCode).toBe(401);
    expect((await put(home.token, { enabled: true })).statusCode).toBe(403);
    expect(await settingsRow(home.id)).toBeNull();
  });

  it('saves the whole choice; another owner’s video is refused (422) and nothing changes', async () => {
    const body = { enabled: true, text: 'Be kind.', video_ids: [ownVideo], moderators: 'both', listed: true };
    const saved = await put(owner.token, body);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().message).toBe(MEMORIAL_MESSAGES.saved);
    expect(saved.json().data).toMatchObject({
      enabled: true,
      text: 'Be kind.',
      video_ids: [ownVideo],
      moderators: 'both',
      listed: true,
    });

    const refused = await put(owner.token, { ...body, text: 'Changed', video_ids: [ownVideo, othersVideo] });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.video_ids).toEqual([MEMORIAL_MESSAGES.videoNotYours]);
    const row = await settingsRow(owner.id);
    expect(row).toMatchObject({ text: 'Be kind.', videoIds: [ownVideo] });
    // An id that does not exist at all is refused alike.
    expect((await put(owner.token, { ...body, video_ids: [999_999_999] })).statusCode).toBe(422);
  });

  it('refuses bad fields with 422 naming each (nothing saved)', async () => {
    const res = await put(other.token, {
      enabled: true,
      text: 'x'.repeat(2001),
      moderators: 'everyone',
      video_ids: ['abc'],
    });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(['moderators', 'text', 'video_ids']);
    const tooMany = await put(other.token, { video_ids: Array.from({ length: 11 }, (_, i) => i + 1) });
    expect(tooMany.statusCode).toBe(422);
    expect(await settingsRow(other.id)).toBeNull();
  });

  it('a form with a photo stores it as profile photos are; a file that is no image is refused', async () => {
    const notImage = await putForm(other.token, { enabled: '1' }, Buffer.from('<html><script>x</script>'));
    expect(notImage.statusCode).toBe(422);
    expect(notImage.json().errors).toHaveProperty('photo');
    expect(await settingsRow(other.id)).toBeNull();

    const res = await putForm(other.token, { enabled: '1', 'video_ids[]': [], moderators: 'home' }, tinyPng);
    expect(res.statusCode).toBe(200);
    const photo: string = res.json().data.photo_path;
    expect(photo).toMatch(/^\/api\/media\/photos\/[0-9a-f]{32}\.png$/);
    const served = await ctx.app.inject({ method: 'GET', url: photo });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');

    // Saved again without a file, the photo stays; `remove_photo` takes it off.
    expect((await putForm(other.token, { enabled: '1' })).json().data.photo_path).toBe(photo);
    const removed = await putForm(other.token, { enabled: '1', remove_photo: '1' });
    expect(removed.json().data.photo_path).toBeNull();
  });
});
