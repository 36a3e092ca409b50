import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { is } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { contextForSuite } from '../../../test/helpers';
import { signUpUser, type SignedIn } from '../accounts/accounts.fixtures';
import { buyPlan, planIds } from '../payments/payments.fixtures';
import { readExportContents, type ExportContents } from './export.contents';
import { SECRET, seedEveryTable } from './export-coverage.fixtures';

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Where each table holding an account's data appears in the archive (`profile` and `videos` are their own files). */
const EXPORTED: Record<string, string> = {
  users: 'profile',
  videos: 'videos',
  caption_tracks: 'videos',
  scheduled_deliveries: 'schedules',
  watch_grants: 'watch_grants_given',
  address_check_items: 'address_checks',
  banner_ads: 'banner_ads',
  policy_acknowledgements: 'policy_acknowledgements',
  admin_reads: 'admin_reads',
  notifications: 'notifications',
  funeral_services: 'services_offered',
  funeral_locations: 'locations_offered',
  funeral_requests: 'forms_sent',
  payments: 'payments',
  subscriptions: 'subscriptions',
  legacy_settings: 'release_settings',
  legacy_contacts: 'trusted_contacts',
  legacy_reports: 'passing_reports',
  legacy_reporters: 'passings_you_reported',
  legacy_log: 'release_log',
  queries: 'messages_to_us',
  mail_outbox: 'notices_sent',
  video_likes: 'likes',
  video_code_openings: 'final_messages_opened',
  memorial_settings: 'memorial',
  memorial_pages: 'memorial_page',
};

/** Tables naming an account that are not the person's data, each with why. */
const NOT_PERSONAL: Record<string, string> = {
  sessions: 'sign-in tokens (hashes): a credential, not something the person wrote or did',
  password_resets: 'reset codes (hashes): a credential, useless and dangerous in an archive',
  legacy_alive_tokens: "'I'm alive' link tokens; what they did is in release_log",
  account_exports: "the export's own bookkeeping: the archive is what it made",
  retention_notices: 'claims that a retention notice went; each notice is in notices_sent',
  address_checks: "the last check's time only; each question and answer is in address_checks",
  video_uploads: 'unfinished upload bookkeeping; a finished upload is a video in videos/',
};

/** A column that names an account: a foreign key to users, or one called after an account without one. */
const ACCOUNT_COLUMNS = new Set(['account_id', 'owner_id', 'user_id']);

async function tablesNamingAnAccount(): Promise<string[]> {
  const files = (await fs.readdir(SRC, { recursive: true }))
    .filter((file) => file.endsWith('.schema.ts'))
    .filter((file) => file.startsWith('modules') || file.startsWith('platform'));
  const names = new Set<string>();
  for (const file of files) {
    const module = (await import(path.join(SRC, file))) as Record<string, unknown>;
    for (const value of Object.values(module)) {
      if (!is(value, PgTable)) continue;
      const config = getTableConfig(value);
      const referencesUsers = config.foreignKeys.some(
        (key) => getTableConfig(key.reference().foreignTable).name === 'users',
      );
      if (
        config.name === 'users' ||
        referencesUsers ||
        config.columns.some((c) => ACCOUNT_COLUMNS.has(c.name))
      )
        names.add(config.name);
    }
  }
  return [...names].sort();
}

describe('the data export holds every table of the account', () => {
  const ctx = contextForSuite();
  let account: SignedIn;
  let contents: ExportContents;

  beforeAll(async () => {
    account = await signUpUser(ctx, { first_name: 'Ruth' });
    const other = await signUpUser(ctx);
    await buyPlan(ctx, account, (await planIds(ctx))['Monthly Membership']!);
    await seedEveryTable(ctx, account, other);
    contents = (await readExportContents(ctx.deps.db, account.id))!;
  }, 120_000);

  it('names, for every table with an account column, its section or why it is not personal data', async () => {
    const tables = await tablesNamingAnAccount();
    // The enumeration itself must see the schema files (a wrong path would pass everything).
    expect(tables).toEqual(expect.arrayContaining(['users', 'videos', 'mail_outbox', 'legacy_contacts']));
    const missing = tables.filter((name) => !(name in EXPORTED) && !(name in NOT_PERSONAL));
    expect(missing, `tables missing from the export: ${missing.join(', ')}`).toEqual([]);
    // No stale entry: each named table still exists and names an account.
    const stale = [...Object.keys(EXPORTED), ...Object.keys(NOT_PERSONAL)].filter((n) => !tables.includes(n));
    expect(stale).toEqual([]);
  });

  it('shows each seeded row in its section, and no token, nonce or code', () => {
    for (const [table, section] of Object.entries(EXPORTED)) {
      if (section === 'profile') expect(contents.profile).toMatchObject({ id: account.id });
      else if (section === 'videos') expect(contents.videos.length, table).toBeGreaterThan(0);
      else expect(contents.sections[section]?.length ?? 0, `${table} → ${section}.json`).toBeGreaterThan(0);
    }
    expect(JSON.stringify(contents)).not.toContain(SECRET);
  });

  it('holds the schedule details, the watch links both ways and the e-mails sent', () => {
    const { sections } = contents;
    expect(sections.schedules).toContainEqual(
      expect.objectContaining({
        second_address: 'second@example.test',
        repeat: 'yearly',
        repeat_until: 2030,
        receipts: true,
        open_count: 3,
      }),
    );
    expect(sections.watch_grants_given).toEqual([
      expect.objectContaining({ recipient_email: 'friend@example.test' }),
    ]);
    expect(sections.watch_grants_held).toEqual([expect.objectContaining({ recipient_email: account.email })]);
    expect(sections.release_settings).toEqual([expect.objectContaining({ waiting_period_days: 5 })]);
    expect(sections.memorial_guestbook).toEqual([
      expect.objectContaining({ name: 'Ann', message: 'We miss you.', status: 'pending' }),
    ]);
    expect(sections.trusted_contacts).toEqual([
      expect.objectContaining({ name: 'Sam', email: 'sam@example.test' }),
    ]);
    expect(sections.notices_sent).toContainEqual(
      expect.objectContaining({
        kind: 'legacy.contact_invite',
        recipient: 'sam@example.test',
        state: 'queued',
      }),
    );
    for (const notice of sections.notices_sent as Record<string, unknown>[])
      expect(Object.keys(notice).sort()).toEqual([
        'created_at',
        'id',
        'kind',
        'recipient',
        'sent_at',
        'state',
      ]);
  });
});
