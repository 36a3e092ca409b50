import { pipeline } from 'node:stream/promises';
import { Writable } from 'node:stream';
import type { Clock } from '../clock';
import { MediaDecryptionError } from './encrypted-format';
import {
  DigestStream,
  type ObjectDamage,
  type ObjectRecords,
  type StoredObjectRecord,
} from './object-records';
import { isGone, type Storage } from './storage';

/**
 * The integrity check of stored objects (decision 0340): each object is read back whole through the
 * decrypting storage (its GCM tags refuse a changed byte) and its size and SHA-256 compared with what
 * was recorded when it was written. Shared by the periodic sweep and `npm run media:verify`.
 */
export interface IntegrityDeps {
  /** The storage modules use (decrypting), so what is compared is what a reader would get. */
  storage: Storage;
  objects: ObjectRecords;
  clock: Clock;
}

/**
 * What one check found: `intact`; `recorded` (never read before: its size and digest are now the
 * record); a damage; `skipped` (rewritten or deleted while it was read: nothing to judge).
 */
export type CheckOutcome = 'intact' | 'recorded' | ObjectDamage | 'skipped';

type ReadBack = { size: number; sha256: string } | ObjectDamage;

/** Reads the object back in full, hashing as it streams (nothing held); a refused chunk is an alteration. */
async function readBack(storage: Storage, key: string, expectedSize: number | null): Promise<ReadBack> {
  try {
    const stat = await storage.stat(key);
    if (!stat) return 'missing';
    // A size that differs needs no read: cut or grown, it is not what was written.
    if (expectedSize !== null && stat.size !== expectedSize) return 'altered';
    const digest = new DigestStream();
    await pipeline(
      await storage.read(key),
      digest,
      new Writable({ write: (_chunk, _encoding, done) => done() }),
    );
    return { size: digest.size, sha256: digest.digest() };
  } catch (error) {
    if (isIntegrityFailure(error)) return 'altered';
    // Deleted between the look and the read (the running server deletes objects while a check runs):
    // missing, which checkObject weighs against the record (a deletion forgets its record first).
    if (await isGone(storage, key)) return 'missing';
    throw error;
  }
}

/**
 * Whether a read failed because the stored bytes are not what was written (a refused GCM tag, a cut
 * or unknown layout): a damage. A key missing from the configuration is the operator's to fix, not a
 * damage of every object; anything else (a storage outage) is not known to be a damage either.
 */
export function isIntegrityFailure(error: unknown): boolean {
  if (error instanceof MediaDecryptionError) return !/key not configured/.test(error.message);
  // A node:crypto refusal of a tag surfaces as a plain Error from the decipher.
  return error instanceof Error && /unable to authenticate data/i.test(error.message);
}

/** Checks one recorded object and writes what was found on its record. */
export async function checkObject(deps: IntegrityDeps, record: StoredObjectRecord): Promise<CheckOutcome> {
  const { storage, objects, clock } = deps;
  const found = await readBack(storage, record.key, record.size);
  const now = clock.now();
  if (typeof found === 'string') {
    // Listed once but never read: a deletion raced the listing, not a loss of anything recorded.
    if (found === 'missing' && record.sha256 === null) {
      await objects.forget(record.key);
      return 'skipped';
    }
    return (await objects.damaged(record.key, record.writtenAt, found, now)) ? found : 'skipped';
  }
  if (record.sha256 !== null && (found.sha256 !== record.sha256 || found.size !== record.size)) {
    return (await objects.damaged(record.key, record.writtenAt, 'altered', now)) ? 'altered' : 'skipped';
  }
  if (!(await objects.intact(record.key, record.writtenAt, found, now))) return 'skipped';
  return record.sha256 === null ? 'recorded' : 'intact';
}

/** Gives every object in the store without a record one (to be read and recorded by its first check). */
export async function recordUnlisted(deps: IntegrityDeps, batchSize = 500): Promise<number> {
  if (!deps.storage.keys) return 0;
  let added = 0;
  let batch: string[] = [];
  for await (const key of deps.storage.keys()) {
    batch.push(key);
    if (batch.length >= batchSize) {
      added += await deps.objects.addUnrecorded(batch);
      batch = [];
    }
  }
  return added + (await deps.objects.addUnrecorded(batch));
}

export interface IntegrityReport {
  checked: number;
  intact: number;
  /** Read for the first time (stored before records existed) and recorded as read. */
  recorded: number;
  /** Objects found in the store without a record, added this run. */
  listed: number;
  damaged: Array<{ key: string; damage: ObjectDamage }>;
}

const emptyReport = (listed: number): IntegrityReport => ({
  checked: 0,
  intact: 0,
  recorded: 0,
  listed,
  damaged: [],
});

function tally(report: IntegrityReport, key: string, outcome: CheckOutcome): void {
  if (outcome === 'skipped') return;
  report.checked += 1;
  if (outcome === 'intact') report.intact += 1;
  else if (outcome === 'recorded') report.recorded += 1;
  else report.damaged.push({ key, damage: outcome });
}

/** The days within which every object is checked once: the sweep's pace follows from it. */
export const CHECK_EVERY_DAYS = 30;

/**
 * How many objects one sweep run checks so that all are checked within CHECK_EVERY_DAYS, given how
 * often it runs: a tenth more than the even share, so objects added meanwhile do not push the oldest
 * past the limit.
 */
export function sliceSize(total: number, runEverySeconds: number): number {
  const runs = (CHECK_EVERY_DAYS * 86_400) / runEverySeconds;
  return Math.max(1, Math.ceil((total / runs) * 1.1));
}

/**
 * One sweep run: records what the store holds unrecorded, then checks the slice least recently
 * verified (`slice`: how many, else its share of the cycle).
 */
export async function sweepSlice(
  deps: IntegrityDeps,
  runEverySeconds: number,
  slice?: number,
): Promise<IntegrityReport> {
  const report = emptyReport(await recordUnlisted(deps));
  const due = await deps.objects.leastRecentlyVerified(
    slice ?? sliceSize(await deps.objects.total(), runEverySeconds),
  );
  for (const record of due) tally(report, record.key, await checkObject(deps, record));
  return report;
}

/** Every object at once (`npm run media:verify`); `progress` hears of each hundred checked. */
export async function verifyAll(
  deps: IntegrityDeps,
  progress: (report: IntegrityReport) => void = () => {},
): Promise<IntegrityReport> {
  const report = emptyReport(await recordUnlisted(deps));
  for await (const record of deps.objects.all()) {
    tally(report, record.key, await checkObject(deps, record));
    if (report.checked % 100 === 0) progress(report);
  }
  return report;
}

/** The summary `npm run media:verify` prints: counts, then each damaged object. */
export function summarize(report: IntegrityReport): string[] {
  const lines = [
    `${report.checked} objects checked: ${report.intact} intact, ${report.recorded} read for the first time and recorded, ${report.damaged.length} damaged` +
      (report.listed ? ` (${report.listed} found without a record)` : ''),
  ];
  for (const { key, damage } of report.damaged) lines.push(`damaged (${damage}): ${key}`);
  if (report.damaged.length)
    lines.push(
      'Restore each damaged object from a backup (docs/operations.md), then run this again. The server tells the administrators and owners at its next sweep.',
    );
  return lines;
}
