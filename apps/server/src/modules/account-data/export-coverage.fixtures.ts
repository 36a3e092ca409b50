import { randomBytes } from 'node:crypto';
import type { TestContext } from '../../../test/helpers';
import { insertVideo } from '../../../test/delivery-fixtures';
import { mailOutbox } from '../../platform/mail/mail.schema';
import { passwordResets } from '../accounts/accounts.schema';
import { adminReads } from '../audit/audit.schema';
import { bannerAds } from '../banner-ads/banner-ads.schema';
import { addressCheckItems, addressChecks } from '../delivery/delivery.address-check.schema';
import { scheduledDeliveries, watchGrants } from '../delivery/delivery.schema';
import { funeralLocations, funeralRequests, funeralServices } from '../funeral-homes/funeral-homes.schema';
import {
  legacyAliveTokens,
  legacyContacts,
  legacyLog,
  legacyReporters,
  legacyReports,
  legacySettings,
} from '../legacy/legacy.schema';
import { guestbookEntries, memorialPages, memorialSettings } from '../memorial/memorial.schema';
import { notifications } from '../notifications/notifications.schema';
import { policyAcknowledgements, policyVersions } from '../policy/policy.schema';
import { queries } from '../queries/queries.schema';
import { videoCodeOpenings, videoLikes, videoUploads } from '../videos/videos.schema';
import { accountExports, retentionNotices } from './account-data.schema';

/** Marks every stored secret: none of them may appear in the export. */
export const SECRET = 'SECRET-do-not-export';
const secret = () => `${SECRET}-${randomBytes(6).toString('hex')}`;

/**
 * One row of every table that holds an account's data, for `account` (with `other`, another account,
 * on the other side where a row names two). Payments and subscriptions come from a real purchase.
 */
export async function seedEveryTable(
  ctx: TestContext,
  account: { id: number; email: string },
  other: { id: number; email: string },
) {
  const db = ctx.deps.db;
  const now = ctx.clock.now();
  const own = await insertVideo(db, account.id, { title: 'Mine', folder: 'final' });
  const theirs = await insertVideo(db, other.id, { title: 'Theirs', folder: 'final' });
  const [delivery] = await db
    .insert(scheduledDeliveries)
    .values({
      videoId: own,
      ownerId: account.id,
      recipientEmail: 'ann@example.test',
      fallbackEmail: 'second@example.test',
      dueAt: now,
      nextAttemptAt: now,
      tokenHash: secret(),
      messageId: `<${randomBytes(6).toString('hex')}@pw.test>`,
      repeat: 'yearly',
      repeatUntil: 2030,
      openCount: 3,
      openedAt: now,
    })
    .returning();
  await db.insert(watchGrants).values([
    { videoId: own, grantedBy: account.id, recipientEmail: 'friend@example.test', tokenHash: secret() },
    { videoId: theirs, grantedBy: other.id, recipientEmail: account.email, tokenHash: secret() },
  ]);
  await db.insert(addressChecks).values({ ownerId: account.id, sentAt: now });
  await db.insert(addressCheckItems).values({
    ownerId: account.id,
    checkSentAt: now,
    deliveryId: delivery!.id,
    recipientEmail: 'ann@example.test',
    nonce: secret(),
    tokenHash: secret(),
    expiresAt: now,
  });
  await db.insert(bannerAds).values({
    accountId: account.id,
    brandName: 'Brand',
    brandEmail: 'brand@example.test',
    brandUrl: 'https://brand.example.test',
  });
  await db
    .insert(policyVersions)
    .values({ version: 'export-test', date: '2026-11-29', recordedAt: now, announce: false });
  await db
    .insert(policyAcknowledgements)
    .values({ userId: account.id, version: 'export-test', acknowledgedAt: now });
  await db.insert(adminReads).values({ ownerId: account.id, what: 'account_details', readAt: now });
  await db.insert(notifications).values({ userId: account.id, kind: 'test', title: 'Hello', body: 'Body' });
  await db.insert(accountExports).values({ accountId: account.id, status: 'failed' });
  await db
    .insert(retentionNotices)
    .values({ accountId: account.id, endedAt: now, daysBefore: 30, createdAt: now });
  await db.insert(funeralServices).values({ homeId: account.id, name: 'Cremation' });
  await db.insert(funeralLocations).values({ homeId: account.id, name: 'Chapel' });
  await db
    .insert(funeralRequests)
    .values({ homeId: other.id, requesterId: account.id, name: 'Ruth', email: account.email });
  await db.insert(passwordResets).values({ userId: account.id, codeHash: secret(), expiresAt: now });
  await db.insert(legacySettings).values({ userId: account.id, waitingPeriodDays: 5 });
  await db.insert(legacyContacts).values({
    ownerId: account.id,
    name: 'Sam',
    email: 'sam@example.test',
    tokenNonce: secret(),
    tokenHash: secret(),
    watchNonce: secret(),
  });
  const [report] = await db
    .insert(legacyReports)
    .values({
      ownerId: account.id,
      reporterKind: 'trusted-contact',
      reporterName: 'Sam',
      relation: 'friend',
      reportedAt: now,
      releaseAt: now,
    })
    .returning();
  const [theirReport] = await db
    .insert(legacyReports)
    .values({
      ownerId: other.id,
      reporterKind: 'code-holder',
      reporterName: 'Ruth',
      relation: 'sister',
      reportedAt: now,
      releaseAt: now,
    })
    .returning();
  await db.insert(legacyReporters).values({
    reportId: theirReport!.id,
    kind: 'code-holder',
    userId: account.id,
    name: 'Ruth',
    relation: 'sister',
    reportedAt: now,
  });
  await db.insert(legacyAliveTokens).values({
    ownerId: account.id,
    reportId: report!.id,
    purpose: 'report',
    tokenNonce: secret(),
    tokenHash: secret(),
    createdAt: now,
  });
  await db.insert(legacyLog).values({ ownerId: account.id, at: now, text: 'A passing was reported.' });
  await db.insert(queries).values({
    userId: account.id,
    name: 'Ruth',
    email: account.email,
    subject: 'Hi',
    message: 'A question',
    userType: 'user',
  });
  await db.insert(mailOutbox).values({
    kind: 'legacy.contact_invite',
    toEmail: 'sam@example.test',
    messageId: `<${randomBytes(6).toString('hex')}@pw.test>`,
    accountId: account.id,
    params: { note: SECRET },
  });
  await db.insert(videoLikes).values({ videoId: theirs, userId: account.id });
  await db.insert(videoCodeOpenings).values({ videoId: theirs, userId: account.id });
  await db.insert(videoUploads).values({ id: randomBytes(8).toString('hex'), ownerId: account.id });
  await db.insert(memorialSettings).values({ userId: account.id, enabled: true, text: 'Be kind.' });
  const [page] = await db
    .insert(memorialPages)
    .values({ ownerId: account.id, slug: secret(), name: 'Ruth', diedYear: 2026, openedAt: now })
    .returning();
  await db.insert(guestbookEntries).values({ pageId: page!.id, name: 'Ann', message: 'We miss you.' });
}
