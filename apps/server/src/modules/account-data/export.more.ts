import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import { readOnlyView } from '../../platform/db/read-only';
import { mailOutbox } from '../../platform/mail/mail.schema';
import { addressCheckItemsView as addressItems, watchGrantsView as grants } from '../delivery';
import {
  legacyContactsView as contacts,
  legacyLogView as releaseLog,
  legacyReportersView as reporters,
  legacyReportsView as reports,
  legacySettingsView as settings,
} from '../legacy';
import { funeralLocationsView as homeLocations, funeralServicesView as homeServices } from '../funeral-homes';
import { policyAcknowledgementsView as acknowledgements } from '../policy';
import { queriesView as queries } from '../queries';
import { videoCodeOpeningsView as codeOpenings, videoLikesView as likes } from '../videos';

// The outbox belongs to the platform; only what a person may read of it is shared here (never `params`,
// where a mail's names live, nor the Message-ID).
const outbox = readOnlyView(mailOutbox, 'mail_outbox', {
  id: mailOutbox.id,
  kind: mailOutbox.kind,
  toEmail: mailOutbox.toEmail,
  state: mailOutbox.state,
  accountId: mailOutbox.accountId,
  createdAt: mailOutbox.createdAt,
  sentAt: mailOutbox.sentAt,
});

const iso = (value: Date | null | undefined) => (value ? value.toISOString() : null);

/**
 * The sections the first reading (export.contents.ts) leaves to this one: the final message's release
 * settings and trusted contacts, watch links, likes and openings, acknowledgements, messages to us, a
 * funeral home's lists, and every e-mail sent about the account. Tokens, nonces and codes are never read: only what a person can use.
 */
export async function readMoreSections(db: Db, accountId: number, email: string) {
  const [
    settingRows,
    contactRows,
    reportRows,
    reportedRows,
    logRows,
    given,
    held,
    likeRows,
    openingRows,
    checkRows,
    ackRows,
    queryRows,
    mailRows,
    serviceRows,
    locationRows,
  ] = await Promise.all([
    db.select().from(settings).where(eq(settings.userId, accountId)),
    db.select().from(contacts).where(eq(contacts.ownerId, accountId)).orderBy(asc(contacts.id)),
    db.select().from(reports).where(eq(reports.ownerId, accountId)).orderBy(asc(reports.id)),
    db.select().from(reporters).where(eq(reporters.userId, accountId)).orderBy(asc(reporters.id)),
    db.select().from(releaseLog).where(eq(releaseLog.ownerId, accountId)).orderBy(asc(releaseLog.id)),
    db.select().from(grants).where(eq(grants.grantedBy, accountId)).orderBy(asc(grants.id)),
    db.select().from(grants).where(eq(grants.recipientEmail, email)).orderBy(asc(grants.id)),
    db.select().from(likes).where(eq(likes.userId, accountId)).orderBy(asc(likes.createdAt)),
    db
      .select()
      .from(codeOpenings)
      .where(eq(codeOpenings.userId, accountId))
      .orderBy(asc(codeOpenings.openedAt)),
    db.select().from(addressItems).where(eq(addressItems.ownerId, accountId)).orderBy(asc(addressItems.id)),
    db.select().from(acknowledgements).where(eq(acknowledgements.userId, accountId)),
    db.select().from(queries).where(eq(queries.userId, accountId)).orderBy(asc(queries.id)),
    db.select().from(outbox).where(eq(outbox.accountId, accountId)).orderBy(asc(outbox.id)),
    db.select().from(homeServices).where(eq(homeServices.homeId, accountId)).orderBy(asc(homeServices.id)),
    db.select().from(homeLocations).where(eq(homeLocations.homeId, accountId)).orderBy(asc(homeLocations.id)),
  ]);
  const grant = (g: (typeof given)[number]) => ({
    id: g.id,
    video_id: g.videoId,
    recipient_email: g.recipientEmail,
    created_at: iso(g.createdAt),
    sent_at: iso(g.sentAt),
    revoked_at: iso(g.revokedAt),
  });
  return {
    release_settings: settingRows.map((s) => ({
      state: s.state,
      waiting_period_days: s.waitingPeriodDays,
      check_in_months: s.checkInMonths,
      available_at_once: s.availableAtOnce,
      next_check_in_at: iso(s.nextCheckInAt),
      check_in_sent_at: iso(s.checkInSentAt),
      resealed_at: iso(s.resealedAt),
      updated_at: iso(s.updatedAt),
    })),
    trusted_contacts: contactRows.map((c) => ({
      id: c.id,
      name: c.name,
      email: c.email,
      confirmed_at: iso(c.confirmedAt),
      created_at: iso(c.createdAt),
    })),
    passing_reports: reportRows.map((r) => ({
      id: r.id,
      state: r.state,
      reporter_kind: r.reporterKind,
      reporter_name: r.reporterName,
      relation: r.relation,
      note: r.note,
      reported_at: iso(r.reportedAt),
      release_at: iso(r.releaseAt),
      ended_at: iso(r.endedAt),
      end_reason: r.endReason,
    })),
    passings_you_reported: reportedRows.map((r) => ({
      report_id: r.reportId,
      name: r.name,
      relation: r.relation,
      note: r.note,
      reported_at: iso(r.reportedAt),
    })),
    release_log: logRows.map((l) => ({ at: iso(l.at), text: l.text })),
    watch_grants_given: given.map(grant),
    watch_grants_held: held.map(grant),
    likes: likeRows.map((l) => ({ video_id: l.videoId, liked_at: iso(l.createdAt) })),
    final_messages_opened: openingRows.map((o) => ({ video_id: o.videoId, opened_at: iso(o.openedAt) })),
    address_checks: checkRows.map((c) => ({
      delivery_id: c.deliveryId,
      recipient_email: c.recipientEmail,
      asked_at: iso(c.checkSentAt),
      confirmed_at: iso(c.confirmedAt),
    })),
    policy_acknowledgements: ackRows.map((a) => ({
      version: a.version,
      acknowledged_at: iso(a.acknowledgedAt),
    })),
    messages_to_us: queryRows.map((q) => ({
      id: q.id,
      name: q.name,
      email: q.email,
      subject: q.subject,
      message: q.message,
      created_at: iso(q.createdAt),
    })),
    // A funeral home's own lists of services and locations (the defaults, shared by all, are not its).
    services_offered: serviceRows.map((o) => ({ id: o.id, name: o.name, created_at: iso(o.createdAt) })),
    locations_offered: locationRows.map((o) => ({ id: o.id, name: o.name, created_at: iso(o.createdAt) })),
    notices_sent: mailRows.map((m) => ({
      id: m.id,
      kind: m.kind,
      recipient: m.toEmail,
      state: m.state,
      created_at: iso(m.createdAt),
      sent_at: iso(m.sentAt),
    })),
  };
}
