import { describe, expect, it } from 'vitest';
import { whenText, type RenderedMail } from './platform/mail/templates';
import {
  accountDataMails,
  accountDeletedMail,
  retentionNoticeMail,
} from './modules/account-data/account-data.mails';
import { accountsMails, resetCodeMail } from './modules/accounts/accounts.mails';
import { addressCheckMail, deliveryMail, deliveryMails, grantMail } from './modules/delivery/delivery.mails';
import { legacyMails, legacyWording } from './modules/legacy/legacy.mails';
import { mediaDamagedMail, mediaMails } from './modules/media/media.mails';
import { memorialMails, memorialWording } from './modules/memorial/memorial.mails';
import { notificationMail, notificationsMails } from './modules/notifications/notifications.mails';
import { policyMails, policyUpdatedMail } from './modules/policy/policy.mails';

/** Every module's mails: the kinds an outbox row can be. */
const allMails = [
  ...accountDataMails,
  ...accountsMails,
  ...deliveryMails,
  ...legacyMails,
  ...mediaMails,
  ...memorialMails,
  ...notificationsMails,
  ...policyMails,
];
type MailKind = (typeof allMails)[number]['kind'];

/** What a person could type: markup, an attribute break-out, an ampersand. */
const typed = `<script>alert("x")</script> & "><img src=x onerror=alert(1)>`;
const url = 'https://pw.test/watch/abc?x=1&y=2';
const at = new Date('2026-11-25T10:30:00Z');

/** One sample of every kind, each with typed text wherever a person's words appear (Record: none left out). */
const samples: Record<MailKind, () => RenderedMail> = {
  delivery: () => deliveryMail({ senderName: typed, title: typed, description: typed, watchUrl: url }),
  'grant-access': () =>
    grantMail({ granterName: typed, ownerName: typed, title: typed, description: typed, watchUrl: url }),
  'reset-code': () => resetCodeMail({ firstName: typed, code: '012345', validMinutes: 15 }),
  notification: () =>
    notificationMail({
      firstName: typed,
      title: 'A notice',
      body: typed,
      action: { label: typed, url },
      notificationsUrl: 'https://pw.test/user/notifications',
    }),
  'account-deleted': () => accountDeletedMail({ firstName: typed }),
  'policy-updated': () =>
    policyUpdatedMail({
      firstName: typed,
      version: typed,
      dateText: '26 November 2026',
      policyUrl: url,
      termsUrl: url,
    }),
  'retention-notice': () =>
    retentionNoticeMail({ firstName: typed, deleteOn: at, daysBefore: 30, supportEmail: typed }),
  'media-damaged': () =>
    mediaDamagedMail({ firstName: typed, key: typed, damage: 'altered', belongsTo: typed, foundAt: at }),
  'address-check': () =>
    addressCheckMail({
      firstName: typed,
      reminder: false,
      lines: [{ title: typed, recipientEmail: typed, dueAt: at, confirmUrl: url, changeUrl: url }],
    }),
  'legacy.contact-role': () =>
    legacyWording.contactRole({ contactName: typed, ownerName: typed, contactUrl: url }),
  'legacy.contact-report': () =>
    legacyWording.contactReport({ contactName: typed, ownerName: typed, releaseAt: at, contactUrl: url }),
  'legacy.contact-release': () =>
    legacyWording.contactRelease({ contactName: typed, ownerName: typed, watchUrl: url, memorialUrl: url }),
  'legacy.contact-memorial': () =>
    legacyWording.contactMemorial({ contactName: typed, ownerName: typed, memorialUrl: url }),
  'memorial.taken-down': () => memorialWording.takenDown({ name: typed, pageName: typed, reason: typed }),
  'memorial.retention-notice': () =>
    memorialWording.retentionNotice({ name: typed, pageName: typed, deleteOn: at }),
  'legacy.reporter-cancelled': () =>
    legacyWording.reporterCancelled({ reporterName: typed, ownerName: typed }),
  'legacy.owner-report': () =>
    legacyWording.ownerReport({
      kind: 'owner-report',
      firstName: typed,
      reporterName: typed,
      relation: typed,
      releaseAt: at,
      aliveUrl: url,
    }),
  'legacy.owner-reminder': () =>
    legacyWording.ownerReport({
      kind: 'owner-reminder',
      firstName: typed,
      reporterName: typed,
      relation: typed,
      releaseAt: at,
      aliveUrl: url,
    }),
  'legacy.contact-resealed': () => legacyWording.contactResealed({ contactName: typed, ownerName: typed }),
  'legacy.home-resealed': () =>
    legacyWording.homeResealed({ homeName: typed, ownerName: typed, published: true }),
  'legacy.owner-halted': () => legacyWording.ownerHalted({ firstName: typed, reason: typed }),
  'legacy.check-in': () =>
    legacyWording.checkIn({ kind: 'check-in', firstName: typed, endsAt: at, aliveUrl: url }),
  'legacy.check-in-reminder': () =>
    legacyWording.checkIn({ kind: 'check-in-reminder', firstName: typed, endsAt: null, aliveUrl: url }),
};

describe('mail templates', () => {
  it('has a sample of every kind a module registers', () => {
    expect(Object.keys(samples).sort()).toEqual(allMails.map((mail) => mail.kind).sort());
  });

  it.each(Object.entries(samples))(
    '%s has a subject, a plain-text part and an HTML part in the one layout',
    (_, make) => {
      const mail = make();
      expect(mail.subject.length).toBeGreaterThan(0);
      expect(mail.text).toMatch(/^Hello[ ,]/);
      expect(mail.text.trimEnd().endsWith('— Parting Words')).toBe(true);
      expect(mail.html).toMatch(/^<!doctype html><html lang="en">/);
      expect(mail.html).toContain('— Parting Words</p>');
    },
  );

  it.each(Object.entries(samples))('%s escapes what a person typed in its HTML part', (_, make) => {
    const { html, text, subject } = make();
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &quot;&gt;&lt;img');
    // The plain part carries the words as typed; subjects never do (docs/product.md §10.3).
    expect(text).toContain(typed);
    expect(subject).not.toContain('<');
  });

  it('every link is written out in the plain part and its address escaped in the HTML part', () => {
    const { text, html } = samples.delivery();
    expect(text).toContain(`Watch it here: ${url}`);
    expect(html).toContain('href="https://pw.test/watch/abc?x=1&amp;y=2"');
  });

  it('writes dates as every screen does, day first with the month whole, in UTC', () => {
    expect(whenText(at)).toBe('25 November 2026 at 10:30 UTC');
    expect(samples['retention-notice']().text).toContain('On 25 November 2026 (UTC) we will delete it');
    expect(samples['media-damaged']().text).toContain('25 November 2026 at 10:30 UTC');
  });
});
