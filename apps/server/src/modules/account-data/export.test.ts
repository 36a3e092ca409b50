import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { accountDataRoutes, adminAccountRoutes, routeUrl } from '@pw/contracts';
import { readOutbox, contextForSuite } from '../../../test/helpers';
import { call } from '../funeral-homes/funeral-homes.fixtures';
import { startWorkers } from '../../composition';
import {
  ADMIN_ENV,
  bearer,
  logInAgain,
  signInAdmin,
  signUpFuneralHome,
  signUpUser,
  type SignedIn,
} from '../accounts/accounts.fixtures';
import { buyPlan, CARD, planIds } from '../payments/payments.fixtures';
import { notifications } from '../notifications/notifications.schema';
import { accountExports } from './account-data.schema';
import { EXPORT_KEEP_MS } from './export.service';
import {
  entryToFile,
  getExport,
  latestExport,
  startExport,
  storedVideo,
  unzip,
  waitForExport,
} from './account-data.fixtures';

describe('data export', () => {
  let stopWorkers: () => Promise<void>;
  let owner: SignedIn;
  let stranger: SignedIn;
  let exportId: number;
  let downloadUrl: string;
  let tmp: string;

  const ctx = contextForSuite(ADMIN_ENV);
  beforeAll(async () => {
    stopWorkers = await startWorkers(ctx.composition);
    tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'pw-export-'));
    owner = await signUpUser(ctx, { first_name: 'Ruth' });
    stranger = await signUpUser(ctx);
  }, 120_000);
  afterAll(async () => {
    await stopWorkers?.();
    await fs.rm(tmp, { recursive: true, force: true });
  });

  it('builds one zip with each video playable beside its title and description, the profile and the payments', async () => {
    const first = await storedVideo(ctx, owner.id, 'For my daughter', 'Open this on your wedding day.');
    const second = await storedVideo(ctx, owner.id, 'Birthday / 40!', 'Forty years.');
    await buyPlan(ctx, owner, (await planIds(ctx))['Monthly Membership']!);

    // A double click: both answers name the same export.
    const [started, again] = await Promise.all([
      startExport(ctx, owner.token),
      startExport(ctx, owner.token),
    ]);
    expect(started.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(started.json().data).toMatchObject({ download_url: null });
    exportId = started.json().data.id;
    expect(again.json().data.id).toBe(exportId);

    const done = await waitForExport(ctx, owner, exportId);
    expect(done).toMatchObject({ status: 'ready', progress: 100, step: null, error: null });
    expect(done.download_url).toMatch(/^\/api\/web\/account\/export\/download\/\d+\.\d+\.[\w-]{43}$/);
    // Kept for its days from the moment it was made, by the app's clock (not moved in this test yet).
    expect(done.expires_at).toBe(new Date(ctx.clock.now().getTime() + EXPORT_KEEP_MS).toISOString());
    downloadUrl = done.download_url;

    const download = await ctx.app.inject({ method: 'GET', url: downloadUrl });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/zip');
    expect(download.headers['content-security-policy']).toBe("sandbox; default-src 'none'");
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.headers['content-disposition']).toMatch(
      /^attachment; filename="parting-words-data-\d{4}-\d{2}-\d{2}\.zip"$/,
    );
    expect(Number(download.headers['content-length'])).toBe(done.size_bytes);
    const entries = await unzip(download.rawPayload);

    const readme = entries.get('README.txt')!.toString();
    expect(readme).toContain('video.mp4 (plays in any video player)');
    // The README names every JSON file of the archive.
    for (const name of entries.keys())
      if (!name.includes('/') && name.endsWith('.json')) expect(readme, name).toContain(name);
    const profile = JSON.parse(entries.get('profile.json')!.toString());
    expect(profile).toMatchObject({ id: owner.id, email: owner.email, first_name: 'Ruth', type: 'user' });
    expect(profile).not.toHaveProperty('password_hash');
    expect(JSON.stringify(profile)).not.toContain('argon2');

    for (const [video, folder] of [
      [first, `videos/${first.id}-For-my-daughter`],
      [second, `videos/${second.id}-Birthday-40`],
    ] as const) {
      const info = JSON.parse(entries.get(`${folder}/info.json`)!.toString());
      expect(info).toMatchObject({ id: video.id, title: video.title, description: video.description });
      const mp4 = await entryToFile(tmp, `${video.id}.mp4`, entries.get(`${folder}/video.mp4`)!);
      const probed = await ctx.deps.media.probe(mp4);
      expect(probed.durationSeconds).toBeGreaterThan(0.5);
      expect(entries.has(`${folder}/thumbnail.jpg`)).toBe(true);
    }

    const paid = JSON.parse(entries.get('payments.json')!.toString());
    expect(paid).toHaveLength(1);
    expect(paid[0]).toMatchObject({ what: 'Monthly Membership', card: 'visa ending 4242' });
    const digits = CARD.card_no.replace(/\s/g, '');
    for (const [name, content] of entries) {
      if (name.endsWith('.json')) expect(content.toString().replace(/\s/g, '')).not.toContain(digits);
    }
    for (const section of [
      'schedules',
      'forms_sent',
      'subscriptions',
      'banner_ads',
      'notifications',
      'admin_reads',
      'release_settings',
      'trusted_contacts',
      'passing_reports',
      'passings_you_reported',
      'release_log',
      'watch_grants_given',
      'watch_grants_held',
      'likes',
      'final_messages_opened',
      'address_checks',
      'policy_acknowledgements',
      'messages_to_us',
      'services_offered',
      'locations_offered',
      'notices_sent',
    ])
      expect(Array.isArray(JSON.parse(entries.get(`${section}.json`)!.toString()))).toBe(true);
  }, 120_000);

  it('notifies the owner in the app and by e-mail once the archive is ready', async () => {
    const notes = await ctx.deps.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, owner.id), eq(notifications.kind, 'account.export_ready')));
    expect(notes).toHaveLength(1);
    expect(notes[0]!.data).toMatchObject({ export_id: exportId });
    await vi.waitFor(
      async () => {
        const mails = await readOutbox(ctx.dataDir);
        if (!mails.some((m) => m.to === owner.email && m.subject.includes('ready')))
          throw new Error('no export e-mail');
      },
      { timeout: 10_000, interval: 100 },
    );
  });

  it('answers the latest export after a reload, and a new export once the last one is finished', async () => {
    const latest = await latestExport(ctx, owner.token);
    expect(latest.json().data).toMatchObject({ id: exportId, status: 'ready' });
    expect((await latestExport(ctx, stranger.token)).json()).toEqual({ data: null });
  });

  it("refuses another account's export, unknown or odd ids, other roles and strangers", async () => {
    expect((await getExport(ctx, stranger.token, exportId)).statusCode).toBe(404);
    for (const id of ['999999', 'abc', '-1', '0', '1e3', '99999999999999999999'])
      expect((await getExport(ctx, owner.token, id)).statusCode).toBe(404);
    expect((await getExport(ctx, null, exportId)).statusCode).toBe(401);
    expect((await startExport(ctx, null)).statusCode).toBe(401);
    expect((await getExport(ctx, owner.token, exportId, 'funeral-home')).statusCode).toBe(403);
    const admin = await signInAdmin(ctx);
    expect((await startExport(ctx, admin.token)).statusCode).toBe(403);
    expect((await getExport(ctx, admin.token, exportId)).statusCode).toBe(403);
    // Nothing was started by the refused calls.
    const rows = await ctx.deps.db.select().from(accountExports);
    expect(rows.map((row) => row.accountId)).toEqual([owner.id]);
  });

  it('guards every owner call of both roles: 401 without a credential, 403 to the other role', async () => {
    const home = await signUpFuneralHome(ctx);
    const call = (method: 'GET' | 'POST', url: string, token: string | null) =>
      ctx.app.inject({ method, url, headers: token ? bearer(token) : {} });
    for (const [role, own, other] of [
      ['user', owner, home],
      ['funeral-home', home, owner],
    ] as const) {
      const routes = role === 'user' ? accountDataRoutes.user : accountDataRoutes.funeralHome;
      for (const [method, url] of [
        ['POST', routeUrl(routes.startExport)],
        ['GET', routeUrl(routes.latestExport)],
        ['GET', routeUrl(routes.export, { id: exportId })],
      ] as const) {
        expect((await call(method, url, null)).statusCode, `${method} ${url}`).toBe(401);
        expect((await call(method, url, other.token)).statusCode, `${method} ${url}`).toBe(403);
      }
      expect((await latestExport(ctx, own.token, role)).statusCode).toBe(200);
    }
    expect((await latestExport(ctx, home.token, 'funeral-home')).json()).toEqual({ data: null });
    // The refused calls started nothing.
    const rows = await ctx.deps.db.select().from(accountExports);
    expect(rows.map((row) => row.accountId)).toEqual([owner.id]);
  });

  it('refuses a forged, altered or foreign download link', async () => {
    const token = downloadUrl.split('/').pop()!;
    const [id, exp, sig] = token.split('.');
    for (const forged of [
      `${Number(id) + 1}.${exp}.${sig}`,
      `${id}.${Number(exp) + 3600}.${sig}`,
      `${id}.${exp}.${'A'.repeat(43)}`,
      'not-a-token',
      `${id}.${exp}`,
    ]) {
      const response = await ctx.app.inject({
        method: 'GET',
        url: routeUrl(accountDataRoutes.download, { token: forged }),
      });
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe('This download link is not valid.');
    }
    // A link that cannot be one (characters no token has) is refused by its shape: 422.
    const malformed = await ctx.app.inject({
      method: 'GET',
      url: routeUrl(accountDataRoutes.download, { token: `${id}.${exp}.bad!sig` }),
    });
    expect(malformed.statusCode).toBe(422);
    expect(malformed.json().message).toBe('This download link is not valid.');
    const huge = await ctx.app.inject({
      method: 'GET',
      url: routeUrl(accountDataRoutes.download, { token: 'a'.repeat(500) }),
    });
    expect([403, 414, 422]).toContain(huge.statusCode);
    // The link is the permission: it works without a bearer header, and a stranger's header changes nothing.
    const withStranger = await ctx.app.inject({
      method: 'GET',
      url: downloadUrl,
      headers: bearer(stranger.token),
    });
    expect(withStranger.statusCode).toBe(200);
  });

  it("answers 404 for a deactivated account's link, and downloads again once it is activated", async () => {
    const admin = await signInAdmin(ctx);
    const setStatus = (status: 0 | 1) =>
      call(ctx, adminAccountRoutes.userStatus, admin.token, { params: { id: owner.id }, body: { status } });
    expect((await setStatus(0)).statusCode).toBe(200);
    const refused = await ctx.app.inject({ method: 'GET', url: downloadUrl });
    expect(refused.statusCode).toBe(404);
    expect(refused.headers['content-type']).not.toContain('zip');
    expect((await setStatus(1)).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: downloadUrl })).statusCode).toBe(200);
    owner.token = (await logInAgain(ctx, owner)).json().data.token as string;
  });

  it('lets a funeral home export its own data', async () => {
    const home = await signUpFuneralHome(ctx, { home_name: 'Evergreen Rest' });
    const started = await startExport(ctx, home.token, 'funeral-home');
    expect(started.statusCode).toBe(201);
    const done = await waitForExport(ctx, home, started.json().data.id, 'funeral-home');
    expect(done.status).toBe('ready');
    const entries = await unzip((await ctx.app.inject({ method: 'GET', url: done.download_url })).rawPayload);
    expect(JSON.parse(entries.get('profile.json')!.toString())).toMatchObject({
      home_name: 'Evergreen Rest',
    });
    expect([...entries.keys()].some((name) => name.startsWith('videos/'))).toBe(false);
  }, 60_000);

  it('expires the link and, after a week, sweeps the archive away', async () => {
    const [row] = await ctx.deps.db.select().from(accountExports).where(eq(accountExports.id, exportId));
    expect(await ctx.deps.storage.stat(row!.storageKey!)).not.toBeNull();

    ctx.clock.advance(EXPORT_KEEP_MS + 60_000);
    const expired = await ctx.app.inject({ method: 'GET', url: downloadUrl });
    expect(expired.statusCode).toBe(403);
    expect(expired.json().message).toBe(
      'This download link has expired. Open your profile to get a new one.',
    );

    const swept = await ctx.deps.accountData.sweep();
    expect(swept.expired).toBeGreaterThanOrEqual(1);
    expect(await ctx.deps.storage.stat(row!.storageKey!)).toBeNull();
    // A week later the owner signs in again (sessions last a day at most without 'remember me').
    const token = await ctx.deps.sessions.create(owner.id, false);
    const after = (await getExport(ctx, token, exportId)).json().data;
    expect(after).toMatchObject({ status: 'expired', download_url: null });
  });
});
