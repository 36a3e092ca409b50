import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import pLimit from 'p-limit';
import { deliveryRoutes, routeUrl, videoRoutes } from '@pw/contracts';
import { createTestContext, type TestContext } from '../../../../test/helpers';
import { startTestSmtp, type ReceivedMail, type TestSmtp } from '../../../../test/smtp';
import { quickDeliveryRetries } from '../../../../test/mailing-app';
import { startWorkers } from '../../../composition';
import {
  deliveriesOf,
  deliveriesSettled,
  holdLivenessIds,
  insertMembership,
  insertUser,
  insertVideo,
  waitForDeliveries,
} from '../../../../test/delivery-fixtures';
import { waitUntil } from '../../../../test/wait';
import { notifications } from '../../notifications/notifications.schema';
import { mailOutbox } from '../../../platform/mail/mail.schema';
import { createDeliveryRepo } from '../delivery.repo';
import { defaultDeliveryWorkerOptions, type WorkerContext } from '../delivery.context';
import { processDelivery } from '../send/delivery.decide';
import { createOwnerNoticeBatcher } from '../owner-notices';
import { BOUNCE_WINDOW_DAYS } from './delivery.bounces';
import { watchToken } from '../delivery.tokens';

const SECRET = 'bounce-secret-of-at-least-32-bytes-long';
const fixture = fs.readFileSync(
  path.join(path.dirname(fileURLToPath(import.meta.url)), '../../../../test/fixtures/dsn-user-unknown.eml'),
  'utf8',
);
/** The fixture report (RFC 3464, as Postfix writes it) returning `messageId`, sent to `recipient`. */
const dsnFor = (messageId: string, recipient: string) =>
  fixture.replaceAll('{{MESSAGE_ID}}', messageId).replaceAll('{{RECIPIENT}}', recipient);

let seq = 0;
const address = (label: string) => `${label}-${++seq}@recipient.test`;

describe('bounces and the second address', () => {
  let ctx: TestContext;
  let smtp: TestSmtp;
  let stopWorkers: () => Promise<void>;
  let ownerId: number;
  const OWNER = 'bounce-owner@owner.test';

  const mailsTo = (email: string): ReceivedMail[] => smtp.messages.filter((m) => m.to === email);
  const rows = (videoId: number) => deliveriesOf(ctx.deps.db, videoId);
  const inSeconds = (s: number) => new Date(Date.now() + s * 1000);
  const schedule = (
    videoId: number,
    recipientEmail: string,
    fallbackEmail: string | null,
    dueAt = inSeconds(0.5),
  ) =>
    ctx.deps.delivery.schedule({ timezone: 'UTC', videoId, ownerId, recipientEmail, fallbackEmail, dueAt });
  const noticesOf = async (videoId: number) =>
    (await ctx.deps.db.select().from(notifications).where(eq(notifications.userId, ownerId))).filter(
      (n) => n.data.video_id === videoId,
    );
  const report = (body: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({
      method: 'POST',
      url: routeUrl(deliveryRoutes.bounceReport),
      headers: { 'content-type': 'message/rfc822', authorization: `Bearer ${SECRET}`, ...headers },
      payload: body,
    });
  /** The envelope sender the mail with this Message-ID was sent with: its signed return path. */
  const returnPathOf = (messageId: string) => {
    const mail = smtp.messages.find((m) => m.messageId === messageId);
    expect(mail, `a mail ${messageId}`).toBeDefined();
    return mail!.mailFrom;
  };
  /** A report as the mail server pipes it: to the return path of the mail with `messageId`. */
  const reportTo = (returnPath: string, body: string, headers: Record<string, string> = {}) =>
    report(body, { 'x-original-to': returnPath, ...headers });
  const watch = (messageId: string) =>
    ctx.app.inject({
      method: 'GET',
      url: routeUrl(deliveryRoutes.watch, { token: watchToken(ctx.deps.secret, messageId) }),
    });
  /** A delivery sent to `to` (with `fallback`), its row once sent. */
  async function sentDelivery(to: string, fallback: string | null, title = 'Sent first') {
    const videoId = await insertVideo(ctx.deps.db, ownerId, { title });
    await schedule(videoId, to, fallback);
    const [row] = await waitForDeliveries(ctx.deps.db, videoId, (r) => r.status === 'sent');
    expect(row!.status).toBe('sent');
    return row!;
  }

  beforeAll(async () => {
    smtp = await startTestSmtp();
    ctx = await createTestContext({
      SMTP_URL: smtp.url,
      PUBLIC_URL: 'http://pw.test',
      MAIL_BOUNCE_SECRET: SECRET,
    });
    stopWorkers = await startWorkers(ctx.composition, quickDeliveryRetries);
    ownerId = await insertUser(ctx.deps.db, { firstName: 'Margaret', lastName: 'Hale', email: OWNER });
    await insertMembership(ctx.deps.db, ownerId);
  });
  afterAll(async () => {
    await stopWorkers?.();
    await ctx?.close();
    await smtp?.close();
  });

  it('a bounced yearly occurrence goes once to the second address, and next year is still scheduled', async () => {
    const to = address('yearly-gone');
    const second = address('yearly-second');
    smtp.setRecipientPolicy((rcpt) => (rcpt === to ? 550 : undefined));
    const videoId = await insertVideo(ctx.deps.db, ownerId, { title: 'Every birthday', folder: 'scheduled' });
    const dueAt = new Date(Math.ceil((Date.now() + 500) / 1000) * 1000);
    await ctx.deps.delivery.schedule({
      timezone: 'UTC',
      localAt: dueAt.toISOString().slice(0, 19),
      repeat: 'yearly',
      repeatUntil: null,
      videoId,
      ownerId,
      recipientEmail: to,
      fallbackEmail: second,
      dueAt,
    });
    await smtp.waitFor(() => mailsTo(second).length === 1);
    // The roll-over follows the occurrence: next year's row, to the first address, keeping the second.
    let seen = '';
    await waitUntil(
      async () => {
        const now = await rows(videoId);
        seen = JSON.stringify(now.map((r) => [r.status, r.repeat, r.rolledOverAt, r.fallbackOf]));
        return now.length === 3;
      },
      20_000,
      () => `next year scheduled: ${seen}`,
    );
    const [first, fallback, next] = await rows(videoId);
    expect(first).toMatchObject({ status: 'bounced', recipientEmail: to });
    expect(fallback).toMatchObject({ status: 'sent', recipientEmail: second, fallbackOf: first!.id });
    expect(next).toMatchObject({
      status: 'pending',
      recipientEmail: to,
      fallbackEmail: second,
      repeat: 'yearly',
    });
    expect(next!.dueAt.getUTCFullYear()).toBe(dueAt.getUTCFullYear() + 1);
    expect(mailsTo(second)).toHaveLength(1);
  });

  it('a 550 to RCPT bounces the delivery, sends it once to the second address, and tells the owner', async () => {
    const to = address('gone');
    const second = address('second');
    smtp.setRecipientPolicy((rcpt) => (rcpt === to ? 550 : undefined));
    const videoId = await insertVideo(ctx.deps.db, ownerId, { title: 'Our garden' });
    await schedule(videoId, to, second);

    await smtp.waitFor(() => mailsTo(second).length === 1);
    const [first, fallback] = await waitForDeliveries(ctx.deps.db, videoId, (r) => r.status === 'sent');
    expect(first).toMatchObject({
      status: 'bounced',
      attempts: 1,
      recipientEmail: to,
      fallbackEmail: second,
    });
    expect(first!.lastError).toContain('550');
    expect(fallback).toMatchObject({ status: 'sent', recipientEmail: second, fallbackOf: first!.id });
    // A fresh message, recorded once: its own Message-ID, its own outbox row.
    expect(fallback!.messageId).not.toBe(first!.messageId);
    expect(mailsTo(second)[0]!.messageId).toBe(fallback!.messageId);
    const outbox = await ctx.deps.db
      .select()
      .from(mailOutbox)
      .where(sql`${mailOutbox.ref} in (${`delivery:${first!.id}`}, ${`delivery:${fallback!.id}`})`);
    expect(outbox.map((row) => [row.ref, row.state]).sort()).toEqual([
      [`delivery:${first!.id}`, 'bounced'],
      [`delivery:${fallback!.id}`, 'sent'],
    ]);

    // The owner: the bounce with what happened next (in the app and by e-mail), then the delivery.
    await waitUntil(async () => (await noticesOf(videoId)).length === 2, 10_000, 'two notices');
    const notes = await noticesOf(videoId);
    const bounce = notes.find((n) => n.kind === 'delivery.bounced')!;
    expect(bounce.title).toBe('Your video could not be delivered');
    expect(bounce.body).toContain(`"Our garden" could not be delivered to ${to}`);
    expect(bounce.body).toContain(`It was sent to your second address, ${second}, instead.`);
    expect(bounce.body).toContain('Please check the address');
    expect(bounce.data).toMatchObject({ next: 'sent_to_second_address', fallback_email: second });
    expect(notes.find((n) => n.kind === 'delivery.sent')!.body).toBe(
      `"Our garden" was delivered to ${second}.`,
    );
    await smtp.waitFor(() => mailsTo(OWNER).some((m) => m.text.includes(`second address, ${second}`)));

    // The video API shows the delivery to the second address, and which one it replaced.
    const status = (await ctx.deps.delivery.statusFor([videoId])).get(videoId);
    expect(status).toMatchObject({ status: 'sent', recipientEmail: second, replacesEmail: to });
    await deliveriesSettled(ctx.deps);
    expect(mailsTo(second)).toHaveLength(1);
    expect(mailsTo(to)).toHaveLength(0);
    smtp.setRecipientPolicy(() => undefined);
  });

  it('a 554 to DATA without a second address: bounced, "not delivered", nothing else sent', async () => {
    const to = address('refused-data');
    smtp.setDataPolicy((recipients) => (recipients.includes(to) ? 554 : undefined));
    const videoId = await insertVideo(ctx.deps.db, ownerId, { title: 'No second' });
    await schedule(videoId, to, null);
    await waitUntil(async () => (await noticesOf(videoId)).length === 1, 10_000, 'the bounce notice');
    expect((await rows(videoId)).map((r) => r.status)).toEqual(['bounced']);
    const [note] = await noticesOf(videoId);
    expect(note!.kind).toBe('delivery.bounced');
    expect(note!.body).toContain('It was not delivered.');
    expect(note!.data.next).toBe('not_delivered');
    expect(smtp.attempts.get(to)).toBe(1);
    smtp.setDataPolicy(() => undefined);
  });

  it('a 451 is retried with back-off until three days after the first attempt (moved clock), then failed → second address', async () => {
    const to = address('greylisted-forever');
    const second = address('second-after-failure');
    smtp.setRecipientPolicy((rcpt) => (rcpt === to ? 451 : undefined));
    const videoId = await insertVideo(ctx.deps.db, ownerId, { title: 'Patience' });
    const started = ctx.clock.now();
    await schedule(videoId, to, second);
    // Retried while the three days run: still pending after several refusals.
    await waitUntil(async () => (smtp.attempts.get(to) ?? 0) >= 3, 15_000, 'three attempts');
    expect((await rows(videoId))[0]!.status).toMatch(/pending|sending/);
    expect(mailsTo(second)).toHaveLength(0);

    // Three days later by the platform's clock, the next refusal ends it.
    ctx.clock.set(new Date(started.getTime() + 3 * 24 * 3600 * 1000 + 60_000));
    try {
      await smtp.waitFor(() => mailsTo(second).length === 1, 20_000);
      const [first, fallback] = await waitForDeliveries(ctx.deps.db, videoId, (r) => r.status === 'sent');
      expect(first!.status).toBe('failed');
      expect(first!.lastError).toMatch(/^Gave up after \d+ attempts over three days\./);
      expect(fallback).toMatchObject({ status: 'sent', recipientEmail: second });
      const notes = await noticesOf(videoId);
      const failed = notes.find((n) => n.kind === 'delivery.failed')!;
      expect(failed.body).toContain(`It was sent to your second address, ${second}, instead.`);
    } finally {
      ctx.clock.set(new Date());
      smtp.setRecipientPolicy(() => undefined);
    }
  });

  describe('racing sends (direct calls of the job handler)', () => {
    const LIVE = [61, 62, 63, 64, 65];
    let release: () => Promise<void>;
    beforeAll(async () => {
      release = await holdLivenessIds(ctx.deps.database, LIVE);
    });
    afterAll(() => release());
    const worker = (id: number): WorkerContext => {
      const deps = {
        ...ctx.deps,
        repo: createDeliveryRepo(ctx.deps.db),
        publicUrl: ctx.deps.config.PUBLIC_URL,
      };
      return {
        deps,
        liveness: { id, alive: true },
        options: { ...defaultDeliveryWorkerOptions, retryBaseSeconds: 1 },
        sendSlots: pLimit(4),
        markDb: ctx.deps.database.kind === 'postgres' ? ctx.deps.db : undefined,
        ownerNotices: createOwnerNoticeBatcher({ ...deps, logger: ctx.deps.logger }),
      };
    };

    it('three handlers racing a refused delivery: one bounce, one second-address delivery, one mail', async () => {
      const to = address('race-gone');
      const second = address('race-second');
      smtp.setRecipientPolicy((rcpt) => (rcpt === to ? 550 : undefined));
      const videoId = await insertVideo(ctx.deps.db, ownerId, { title: 'Raced' });
      // Due in a minute: the background workers leave it alone, the racing handlers make it due.
      await schedule(videoId, to, second, inSeconds(60));
      const [row] = await rows(videoId);
      await ctx.deps.db.execute(
        sql`update scheduled_deliveries set next_attempt_at = now() - interval '1 second' where id = ${row!.id}`,
      );
      const outcomes = await Promise.all([61, 62, 63].map((id) => processDelivery(worker(id), row!.id)));
      expect(outcomes.filter((o) => o === 'bounced')).toHaveLength(1);
      const after = await rows(videoId);
      expect(after).toHaveLength(2);
      // The second-address delivery raced too: two handlers and the background worker, one mail.
      await Promise.all([64, 65].map((id) => processDelivery(worker(id), after[1]!.id)));
      await smtp.waitFor(() => mailsTo(second).length === 1);
      await deliveriesSettled(ctx.deps);
      expect(mailsTo(second)).toHaveLength(1);
      expect((await rows(videoId)).map((r) => r.status)).toEqual(['bounced', 'sent']);
      smtp.setRecipientPolicy(() => undefined);
    });
  });

  describe(`POST ${routeUrl(deliveryRoutes.bounceReport)}`, () => {
    it('takes a real report: the sent delivery becomes bounced, the second address gets it once', async () => {
      const to = address('dsn-gone');
      const second = address('dsn-second');
      const sent = await sentDelivery(to, second, 'Returned later');
      const returnPath = returnPathOf(sent.messageId);
      const answer = await reportTo(returnPath, dsnFor(sent.messageId, to));
      expect(answer.statusCode).toBe(202);
      expect(answer.json()).toEqual({
        message: 'Report received.',
        data: { failed: 1, bounced: 1, already: 0, kept: 0, other_mails: 0, unmatched: 0 },
      });
      await smtp.waitFor(() => mailsTo(second).length === 1);
      const [first, fallback] = await waitForDeliveries(
        ctx.deps.db,
        sent.videoId,
        (r) => r.status === 'sent',
      );
      expect(first!.status).toBe('bounced');
      // The platform's words for the status class and the reply code; the report's own text stays out.
      expect(first!.lastError).toBe(
        "Returned by the recipient's mail server (550): the address does not exist.",
      );
      expect(fallback).toMatchObject({ recipientEmail: second, fallbackOf: first!.id, status: 'sent' });
      const [mail] = await ctx.deps.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.messageId, sent.messageId));
      expect(mail!.state).toBe('bounced');
      expect(mail!.lastError).not.toContain(to);

      // The same report again, twice at once: nothing more happens.
      const again = await Promise.all([
        reportTo(returnPath, dsnFor(sent.messageId, to)),
        reportTo(returnPath, dsnFor(sent.messageId, to)),
      ]);
      for (const response of again) {
        expect(response.statusCode).toBe(202);
        expect(response.json().data).toMatchObject({ bounced: 0, already: 1 });
      }
      await deliveriesSettled(ctx.deps);
      expect(mailsTo(second)).toHaveLength(1);
      expect(await rows(sent.videoId)).toHaveLength(2);
      const bounces = (await noticesOf(sent.videoId)).filter((n) => n.kind === 'delivery.bounced');
      expect(bounces).toHaveLength(1);
    });

    it('two identical reports at once on a fresh delivery: bounced once, one second-address mail', async () => {
      const to = address('dsn-twice');
      const second = address('dsn-twice-second');
      const sent = await sentDelivery(to, second);
      const returnPath = returnPathOf(sent.messageId);
      const answers = await Promise.all([
        reportTo(returnPath, dsnFor(sent.messageId, to)),
        reportTo(returnPath, dsnFor(sent.messageId, to)),
      ]);
      expect(answers.map((a) => a.json().data.bounced).sort()).toEqual([0, 1]);
      await smtp.waitFor(() => mailsTo(second).length === 1);
      await deliveriesSettled(ctx.deps);
      expect(mailsTo(second)).toHaveLength(1);
    });

    it('a report without a Message-ID is matched by its signed return path', async () => {
      const to = address('dsn-no-id');
      const sent = await sentDelivery(to, null);
      const withoutId = dsnFor(sent.messageId, to).replace(/^Message-ID: .*\n/m, '');
      const answer = await reportTo(returnPathOf(sent.messageId), withoutId, {
        'content-type': 'text/plain',
      });
      expect(answer.statusCode).toBe(202);
      expect(answer.json().data).toMatchObject({ bounced: 1 });
      expect((await rows(sent.videoId))[0]!.status).toBe('bounced');
    });

    it("a report for an unknown message, or naming another delivery's address, changes nothing (202, unmatched)", async () => {
      const mine = await sentDelivery(address('dsn-mine'), address('dsn-mine-second'));
      const other = await sentDelivery(address('dsn-other'), address('dsn-other-second'));
      const unknown = await reportTo(
        returnPathOf(mine.messageId),
        dsnFor('<delivery.ffffffffffffffffffffffffffffffff@pw.test>', mine.recipientEmail),
      );
      expect(unknown.statusCode).toBe(202);
      expect(unknown.json().data).toMatchObject({ failed: 1, bounced: 0, unmatched: 1 });
      // My delivery's return path and Message-ID, the other delivery's address.
      const crossed = await reportTo(
        returnPathOf(mine.messageId),
        dsnFor(mine.messageId, other.recipientEmail),
      );
      expect(crossed.json().data).toMatchObject({ bounced: 0, unmatched: 1 });
      await deliveriesSettled(ctx.deps);
      for (const row of [mine, other])
        expect((await rows(row.videoId)).map((r) => r.status)).toEqual(['sent']);
    });

    it("a report about another mail of ours (the owner's notice copy) marks that mail bounced, nothing else", async () => {
      await sentDelivery(address('dsn-notice'), null, 'Notice copy');
      let copy: typeof mailOutbox.$inferSelect | undefined;
      await waitUntil(
        async () => {
          const found = await ctx.deps.db
            .select()
            .from(mailOutbox)
            .where(sql`${mailOutbox.toEmail} = ${OWNER} and ${mailOutbox.state} = 'sent'`);
          copy = found.find((row) => row.kind !== 'delivery');
          return copy !== undefined;
        },
        10_000,
        'a notice copy sent to the owner',
      );
      // The copy went with a return path of its own, naming its outbox row.
      expect(returnPathOf(copy!.messageId)).toBe(ctx.deps.returnPaths.forMail(copy!.id));
      const answer = await reportTo(returnPathOf(copy!.messageId), dsnFor(copy!.messageId, OWNER));
      expect(answer.json().data).toMatchObject({ failed: 1, bounced: 0, other_mails: 1, unmatched: 0 });
      const [after] = await ctx.deps.db.select().from(mailOutbox).where(eq(mailOutbox.id, copy!.id));
      expect(after!.state).toBe('bounced');
    });

    describe('forged and late reports (decision 0385)', () => {
      /** Nothing happened to `sent`: still sent, its link opens, no second-address mail, no notice. */
      async function untouched(sent: Awaited<ReturnType<typeof sentDelivery>>, second: string | null) {
        await deliveriesSettled(ctx.deps);
        expect((await rows(sent.videoId)).map((r) => r.status)).toEqual(['sent']);
        expect((await watch(sent.messageId)).statusCode).toBe(200);
        if (second) expect(mailsTo(second)).toHaveLength(0);
        expect((await noticesOf(sent.videoId)).filter((n) => n.kind === 'delivery.bounced')).toHaveLength(0);
      }

      it('the delivery mail goes with its own signed return path (SMTP MAIL FROM)', async () => {
        const sent = await sentDelivery(address('verp'), null);
        const mailFrom = returnPathOf(sent.messageId);
        expect(mailFrom).toMatch(/^bounce\+d\d+\.[0-9a-f]{20}@/);
        expect(mailFrom).toBe(ctx.deps.returnPaths.forDelivery(sent.id));
      });

      it('a report without a valid return path changes nothing, whatever it names', async () => {
        const to = address('forged');
        const second = address('forged-second');
        const sent = await sentDelivery(to, second);
        const genuine = returnPathOf(sent.messageId);
        const tag = /\.([0-9a-f]+)@/.exec(genuine)![1]!;
        const body = dsnFor(sent.messageId, to);
        // The recipient's address and the Message-ID the recipient sees, sent to the no-reply address,
        // to a made-up return path, to an altered one, or with the address alone.
        for (const envelope of [
          null,
          'no-reply@partingwords.local',
          genuine.replace(tag, tag.split('').reverse().join('')),
          genuine.replace(/\+d\d+\./, `+d${sent.id + 1}.`),
        ]) {
          const answer = envelope ? await reportTo(envelope, body) : await report(body);
          expect(answer.statusCode).toBe(202);
          expect(answer.json().data).toMatchObject({ failed: 1, bounced: 0, unmatched: 1 });
        }
        const withoutId = dsnFor(sent.messageId, to).replace(/^Message-ID: .*\n/m, '');
        expect((await report(withoutId)).json().data).toMatchObject({ bounced: 0, unmatched: 1 });
        // A signed path written into the report's own headers by its sender counts no more than its
        // Message-ID: only a valid one does, and the sender cannot make that up.
        expect(
          (await report(`X-Original-To: ${genuine.replace(tag, '0'.repeat(20))}\n${body}`)).json().data,
        ).toMatchObject({ bounced: 0 });
        await untouched(sent, second);
      });

      it('a valid return path of another message does not touch this one', async () => {
        const to = address('victim');
        const second = address('victim-second');
        const victim = await sentDelivery(to, second);
        const mine = await sentDelivery(address('attacker'), null);
        const answer = await reportTo(returnPathOf(mine.messageId), dsnFor(victim.messageId, to));
        expect(answer.json().data).toMatchObject({ bounced: 0, unmatched: 1 });
        await untouched(victim, second);
        expect((await rows(mine.videoId)).map((r) => r.status)).toEqual(['sent']);
      });

      it('an opened delivery is never bounced: its link keeps working', async () => {
        const to = address('opened');
        const second = address('opened-second');
        const sent = await sentDelivery(to, second);
        expect((await watch(sent.messageId)).statusCode).toBe(200);
        const answer = await reportTo(returnPathOf(sent.messageId), dsnFor(sent.messageId, to));
        expect(answer.json().data).toMatchObject({ failed: 1, bounced: 0, kept: 1, unmatched: 0 });
        await untouched(sent, second);
      });

      it(`a report more than ${BOUNCE_WINDOW_DAYS} days after the server took it changes nothing (moved clock)`, async () => {
        const to = address('late');
        const second = address('late-second');
        const sent = await sentDelivery(to, second);
        ctx.clock.set(new Date(sent.sentAt!.getTime() + (BOUNCE_WINDOW_DAYS * 24 + 1) * 3600 * 1000));
        try {
          const answer = await reportTo(returnPathOf(sent.messageId), dsnFor(sent.messageId, to));
          expect(answer.json().data).toMatchObject({ bounced: 0, kept: 1 });
        } finally {
          ctx.clock.set(new Date());
        }
        await untouched(sent, second);
      });

      it('a yearly occurrence likewise: forged or opened, it stays sent', async () => {
        const to = address('yearly-kept');
        const second = address('yearly-kept-second');
        const videoId = await insertVideo(ctx.deps.db, ownerId, { title: 'Each year', folder: 'scheduled' });
        const dueAt = new Date(Math.ceil((Date.now() + 500) / 1000) * 1000);
        await ctx.deps.delivery.schedule({
          timezone: 'UTC',
          localAt: dueAt.toISOString().slice(0, 19),
          repeat: 'yearly',
          repeatUntil: null,
          videoId,
          ownerId,
          recipientEmail: to,
          fallbackEmail: second,
          dueAt,
        });
        const [occurrence] = await waitForDeliveries(ctx.deps.db, videoId, (r) => r.status === 'sent');
        const body = dsnFor(occurrence!.messageId, to);
        expect((await report(body)).json().data).toMatchObject({ bounced: 0, unmatched: 1 });
        expect((await watch(occurrence!.messageId)).statusCode).toBe(200);
        const answer = await reportTo(returnPathOf(occurrence!.messageId), body);
        expect(answer.json().data).toMatchObject({ bounced: 0, kept: 1 });
        await deliveriesSettled(ctx.deps);
        const after = await rows(videoId);
        expect(after.find((r) => r.id === occurrence!.id)!.status).toBe('sent');
        expect(after.some((r) => r.status === 'bounced')).toBe(false);
        expect(mailsTo(second)).toHaveLength(0);
        expect((await watch(occurrence!.messageId)).statusCode).toBe(200);
      });

      it("the owner's notice and e-mail carry the platform's sentence, never the report's text", async () => {
        const to = address('phish');
        const sent = await sentDelivery(to, null, 'Told plainly');
        const body = dsnFor(sent.messageId, to).replace(
          /Diagnostic-Code: [^]*?\n\n/,
          'Diagnostic-Code: smtp; 550 5.1.1 Your account is locked, sign in at\n    http://evil.test/login now\n\n',
        );
        expect(body).toContain('http://evil.test/login');
        const answer = await reportTo(returnPathOf(sent.messageId), body);
        expect(answer.json().data).toMatchObject({ bounced: 1 });
        await waitUntil(async () => (await noticesOf(sent.videoId)).length >= 1, 10_000, 'the notice');
        const [note] = (await noticesOf(sent.videoId)).filter((n) => n.kind === 'delivery.bounced');
        const sentence = "Returned by the recipient's mail server (550): the address does not exist.";
        expect(note!.body).toContain(sentence);
        expect(JSON.stringify(note)).not.toMatch(/evil\.test|locked/);
        // The notice's own e-mail (its title is the subject); the owner may also have had the "delivered" one.
        const isNotice = (m: ReceivedMail) => m.subject === note!.title && m.text.includes('Told plainly');
        await smtp.waitFor(() => mailsTo(OWNER).some(isNotice));
        expect(mailsTo(OWNER).find(isNotice)!.text).toContain(sentence);
        for (const mail of mailsTo(OWNER).filter((m) => m.text.includes('Told plainly'))) {
          expect(`${mail.text}${mail.html}`).not.toMatch(/evil\.test|locked/);
        }
      });
    });

    it('refuses a wrong or missing secret (401) and changes nothing', async () => {
      const to = address('dsn-401');
      const sent = await sentDelivery(to, null);
      const body = dsnFor(sent.messageId, to);
      for (const authorization of [`Bearer ${SECRET}x`, 'Bearer nope', SECRET, '']) {
        const answer = await report(body, { authorization });
        expect(answer.statusCode).toBe(401);
      }
      expect((await rows(sent.videoId))[0]!.status).toBe('sent');
    });

    it('refuses a huge body (413), another type (415) and a message that is no report (422)', async () => {
      const to = address('dsn-413');
      const sent = await sentDelivery(to, null);
      const huge = dsnFor(sent.messageId, to) + 'x'.repeat(300 * 1024);
      expect((await report(huge)).statusCode).toBe(413);
      const json = await report(JSON.stringify({ to }), { 'content-type': 'application/json' });
      expect(json.statusCode).toBe(415);
      const plain = await report(
        `From: someone@recipient.test\r\nTo: no-reply@pw.test\r\nSubject: Out of office\r\n\r\nI am away.\r\n`,
      );
      expect(plain.statusCode).toBe(422);
      expect(plain.json().errors.body[0]).toContain('not a delivery status notification');
      expect((await report('')).statusCode).toBe(422);
      expect((await rows(sent.videoId))[0]!.status).toBe('sent');
    });
  });

  describe('the schedule call takes a second address', () => {
    it('stores it, shows it on the delivery, and refuses a bad one or the recipient itself (422)', async () => {
      const token = await ctx.deps.sessions.create(ownerId, false);
      const videoId = await insertVideo(ctx.deps.db, ownerId, { folder: 'draft' });
      const later = new Date(Date.now() + 24 * 3600 * 1000);
      const move = (fields: Record<string, string>) =>
        ctx.app.inject({
          method: 'POST',
          url: routeUrl(videoRoutes.updateType, { id: videoId }),
          headers: { authorization: `Bearer ${token}` },
          payload: {
            type: 'scheduled',
            email: 'First@Recipient.test',
            share_at_date: later.toISOString().slice(0, 10),
            share_at_time: '12:00',
            timezone: 'UTC',
            ...fields,
          },
        });
      const bad = await move({ fallback_email: 'not an address' });
      expect(bad.statusCode).toBe(422);
      expect(bad.json().errors.fallback_email).toEqual(['Please enter a valid e-mail address.']);
      const same = await move({ fallback_email: 'first@recipient.TEST' });
      expect(same.statusCode).toBe(422);
      expect(same.json().errors.fallback_email).toEqual([
        'The second address must be different from the recipient e-mail.',
      ]);
      expect(await rows(videoId)).toHaveLength(0);

      const ok = await move({ fallback_email: ' Second@Recipient.test ' });
      expect(ok.statusCode).toBe(200);
      const [row] = await rows(videoId);
      expect(row).toMatchObject({
        recipientEmail: 'first@recipient.test',
        fallbackEmail: 'second@recipient.test',
      });
      const listed = await ctx.app.inject({
        method: 'GET',
        url: routeUrl(videoRoutes.listScheduled),
        headers: { authorization: `Bearer ${token}` },
      });
      const shown = listed.json().data.find((video: { id: number }) => video.id === videoId);
      expect(shown.delivery).toMatchObject({
        status: 'pending',
        fallback_email: 'second@recipient.test',
        replaces_email: null,
      });
      // Without one, none.
      expect((await move({})).statusCode).toBe(200);
      expect((await rows(videoId)).at(-1)!.fallbackEmail).toBeNull();
      await ctx.deps.delivery.cancel(videoId);
    });
  });
});

describe(`POST ${routeUrl(deliveryRoutes.bounceReport)} without MAIL_BOUNCE_SECRET`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx?.close());

  it('does not exist (404), whatever is sent', async () => {
    for (const authorization of [`Bearer ${SECRET}`, '']) {
      const answer = await ctx.app.inject({
        method: 'POST',
        url: routeUrl(deliveryRoutes.bounceReport),
        headers: { 'content-type': 'message/rfc822', authorization },
        payload: dsnFor('<x@pw.test>', 'a@recipient.test'),
      });
      expect(answer.statusCode).toBe(404);
    }
  });
});
