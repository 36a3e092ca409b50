import { lineSink } from '../test/log-lines';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  funeralHomeRoutes,
  legacyRoutes,
  deliveryRoutes,
  bannerAdRoutes,
  accountRoutes,
  accountDataRoutes,
  deliveryAddressRoutes,
  videoRoutes,
  ADDRESS_CONFIRM_PAGE,
  routeUrl,
} from '@pw/contracts';
import { createTestContext, readOutbox, type TestContext } from '../test/helpers';
import { startWorkers } from './composition';
import { createLogger } from './platform/logging/logger';
import {
  ADMIN_ENV,
  bearer,
  codeIn,
  get,
  post,
  signInAdmin,
  signUpUser,
  waitForMail,
  type SignedIn,
} from './modules/accounts/accounts.fixtures';
import { startExport, waitForExport } from './modules/account-data/account-data.fixtures';
import { liveAd } from './modules/banner-ads/banner-ads.live.fixtures';
import { call, finalVideo, openByCode } from './modules/funeral-homes/funeral-homes.fixtures';
import { flushLegacyMails, linkToken } from './modules/legacy/legacy.fixtures';
import { planIds } from './modules/payments/payments.fixtures';
import { videos } from './modules/videos/videos.schema';
import { rawRouteUrl } from '../test/addresses';
import { insertVideo } from '../test/delivery-fixtures';

/**
 * Every flow that hands out a token or a signed link, run through the process logger at `info` (the
 * one main.ts builds): a private watch link granted by e-mail, its signed media URLs, an access code,
 * a data export's download link, a banner's click link and signed image, a password reset code, a
 * trusted contact's link, the owner's alive link and the address check's 'Still right' link. The log must hold none of them
 * (docs/operations.md §Security headers and logs); the existing delivery-and-reset run is in
 * logs.secrets.test.ts.
 */
describe('no token or signed link reaches the log', () => {
  const lines: string[] = [];
  let ctx: TestContext;
  let stopWorkers: () => Promise<void>;

  beforeAll(async () => {
    const sink = lineSink(lines);
    ctx = await createTestContext(
      { ...ADMIN_ENV, PUBLIC_URL: 'http://pw.test', LOG_LEVEL: 'info' },
      { logger: createLogger('info', sink) },
    );
    stopWorkers = await startWorkers(ctx.composition);
  }, 120_000);
  afterAll(async () => {
    await stopWorkers?.();
    await ctx?.close();
  });

  const mailTo = (to: string, predicate: (text: string) => boolean = () => true) =>
    vi.waitFor(
      async () => {
        const mail = (await readOutbox(ctx.dataDir)).filter((m) => m.to === to && predicate(m.text)).pop();
        if (!mail) throw new Error(`no mail to ${to}`);
        return mail;
      },
      { timeout: 10_000, interval: 50 },
    );
  const sigOf = (url: string) => new URL(url, 'http://pw.test').searchParams.get('sig') ?? '';

  it('holds none of them, while the requests that carried them are logged redacted', async () => {
    const secrets: Record<string, string> = {};
    const admin = await signInAdmin(ctx);
    const owner: SignedIn = await signUpUser(ctx, { first_name: 'Olive', last_name: 'Owner' });
    const holder = await signUpUser(ctx);

    // An access code, a private watch link granted by e-mail, and the signed media URLs of its page.
    const video = await finalVideo(ctx, owner.id, 'For the family');
    const [row] = await ctx.deps.db.select().from(videos).where(eq(videos.id, video.id));
    await ctx.deps.storage.put(row!.mediaKey!, Buffer.alloc(2048, 1), 'video/mp4');
    await ctx.deps.storage.put(row!.thumbnailKey!, Buffer.from([0xff, 0xd8, 0xff, 0xe0]), 'image/jpeg');
    secrets.accessCode = video.accessCode;
    expect((await openByCode(ctx, holder.token, video.accessCode)).statusCode).toBe(200);
    const granted = await call(ctx, funeralHomeRoutes.grantAccess, owner.token, {
      params: { id: video.id },
      body: { type: 0, email: 'cousin@kin.test' },
    });
    expect(granted.statusCode).toBe(200);
    secrets.watchToken = linkToken((await mailTo('cousin@kin.test')).text, 'watch');
    const watch = await get(ctx, routeUrl(deliveryRoutes.watch, { token: secrets.watchToken }));
    expect(watch.statusCode).toBe(200);
    const { video_link: videoLink, video_thumbnail: thumbnail } = watch.json().data;
    secrets.mediaSignature = sigOf(videoLink);
    secrets.thumbnailSignature = sigOf(thumbnail);
    await get(ctx, videoLink);
    await get(ctx, thumbnail);
    // A report of a passing names the code in its path.
    await post(ctx, routeUrl(legacyRoutes.reportByCode, { code: video.accessCode }), {
      headers: bearer(holder.token),
      payload: { relation: 'Friend' },
    });

    // A data export's download link.
    const started = await startExport(ctx, owner.token);
    expect(started.statusCode).toBe(201);
    const ready = await waitForExport(ctx, owner, started.json().data.id);
    expect(ready.status).toBe('ready');
    secrets.exportToken = ready.download_url.split('/').pop();
    expect((await get(ctx, ready.download_url)).statusCode).toBe(200);

    // A banner's click link and its signed image.
    const advertiser = await signUpUser(ctx);
    await liveAd(ctx, advertiser, admin, (await planIds(ctx))['Banner Ad Week']!, 'Evergreen Flowers');
    const slot = (await get(ctx, routeUrl(bannerAdRoutes.user.slot), holder.token)).json().data;
    secrets.clickToken = slot.click_url.split('/').pop();
    secrets.bannerSignature = sigOf(slot.image_url);
    expect((await get(ctx, slot.click_url)).statusCode).toBe(302);
    await get(ctx, slot.image_url);

    // A password reset code, asked for and checked.
    expect(
      (await post(ctx, routeUrl(accountRoutes.webResetPassword), { payload: { email: holder.email } }))
        .statusCode,
    ).toBe(200);
    secrets.resetCode = codeIn(await waitForMail(ctx.dataDir, holder.email));
    expect(
      (
        await post(ctx, routeUrl(accountRoutes.webVerifyCode), {
          payload: { email: holder.email, token: secrets.resetCode },
        })
      ).statusCode,
    ).toBe(200);

    // A trusted contact's link, and the owner's alive link once the contact reports the passing.
    const saved = await call(ctx, legacyRoutes.saveSettings, owner.token, {
      body: {
        contacts: [{ name: 'Kim Kin', email: 'kim@kin.test' }],
        waiting_period_days: 3,
        check_in_months: 0,
        available_at_once: false,
      },
    });
    expect(saved.statusCode).toBe(200);
    await flushLegacyMails(ctx);
    secrets.contactToken = linkToken((await mailTo('kim@kin.test')).text, 'contact');
    expect(
      (await get(ctx, routeUrl(legacyRoutes.contactPage, { token: secrets.contactToken }))).statusCode,
    ).toBe(200);
    const reported = await post(
      ctx,
      routeUrl(legacyRoutes.reportByContact, { token: secrets.contactToken }),
      {
        payload: { relation: 'Sister' },
      },
    );
    expect(reported.statusCode).toBe(200);
    await flushLegacyMails(ctx);
    secrets.aliveToken = linkToken(
      (await mailTo(owner.email, (text) => text.includes('/legacy/alive/'))).text,
      'alive',
    );
    expect((await get(ctx, routeUrl(legacyRoutes.alivePage, { token: secrets.aliveToken }))).statusCode).toBe(
      200,
    );

    // The yearly address check's 'Still right' link (docs/product.md §5.9): its page, then its call.
    const far = await insertVideo(ctx.deps.db, owner.id, { folder: 'draft', title: 'Far ahead' });
    const scheduled = await post(ctx, routeUrl(videoRoutes.updateType, { id: far }), {
      headers: bearer(owner.token),
      payload: {
        type: 'scheduled',
        email: 'later@kin.test',
        timezone: 'UTC',
        share_at_date: `${new Date().getUTCFullYear() + 3}-05-01`,
        share_at_time: '09:00',
      },
    });
    expect(scheduled.statusCode).toBe(200);
    await ctx.deps.delivery.addressCheck.run();
    const checkMail = await mailTo(owner.email, (text) => text.includes(`${ADDRESS_CONFIRM_PAGE}/`));
    secrets.addressToken = new RegExp(`${ADDRESS_CONFIRM_PAGE}/([\\w-]+)`).exec(checkMail.text)![1]!;
    await get(ctx, `${ADDRESS_CONFIRM_PAGE}/${secrets.addressToken}`);
    // The page reads what the link asks about first, the token in the body as the confirmation's.
    const read = await post(ctx, routeUrl(deliveryAddressRoutes.details), {
      payload: { token: secrets.addressToken },
    });
    expect(read.statusCode).toBe(200);
    const confirmed = await post(ctx, routeUrl(deliveryAddressRoutes.confirm), {
      payload: { token: secrets.addressToken },
    });
    expect(confirmed.statusCode).toBe(200);

    await stopWorkers();
    stopWorkers = async () => {};
    const log = lines.join('\n');

    // Each was really handed out, and the requests that carried them were logged, redacted.
    for (const [name, value] of Object.entries(secrets)) expect(value, name).toMatch(/^[\w.-]{6,}$/);
    for (const url of [
      rawRouteUrl(deliveryRoutes.watch, { token: '[redacted]' }),
      rawRouteUrl(accountDataRoutes.download, { token: '[redacted]' }),
      rawRouteUrl(bannerAdRoutes.click, { token: '[redacted]' }),
      rawRouteUrl(legacyRoutes.contactPage, { token: '[redacted]' }),
      rawRouteUrl(legacyRoutes.alivePage, { token: '[redacted]' }),
      rawRouteUrl(legacyRoutes.reportByCode, { code: '[redacted]' }),
      `${ADDRESS_CONFIRM_PAGE}/[redacted]`,
      routeUrl(deliveryAddressRoutes.details),
      routeUrl(deliveryAddressRoutes.confirm),
    ])
      expect(log).toContain(`"url":"${url}"`);
    expect(log).toMatch(/sig=\[redacted\]/);

    for (const [name, value] of Object.entries(secrets)) {
      if (name === 'resetCode') continue;
      expect(log.includes(value), `${name} is in the log`).toBe(false);
    }
    // Six digits on their own (the log's timestamps are longer runs of digits).
    expect(log).not.toMatch(new RegExp(`(?<!\\d)${secrets.resetCode}(?!\\d)`));
  }, 120_000);
});
