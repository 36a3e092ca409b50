import { createHash } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import { Readable, Transform } from 'node:stream';
import { and, asc, count, eq, gt, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { Db } from '../db';
import { storedObjectRecords as records, type ObjectDamage } from './object-records.schema';
import type { Storage } from './storage';
import { objectDeletions } from './deletion-hold';

export { objectDamages, type ObjectDamage, type StoredObjectRecord } from './object-records.schema';

/** The record's write it was read under: an object rewritten meanwhile is not judged by the old one. */
const sameWrite = (writtenAt: Date | null): SQL =>
  writtenAt ? eq(records.writtenAt, writtenAt) : isNull(records.writtenAt);

/** The `stored_objects` table (decision 0340): what each object was when written, what its checks found. */
export function createObjectRecords(db: Db) {
  return {
    /** A completed write: its size and digest, as of now; any earlier damage is over. */
    async written(key: string, size: number, sha256: string, at: Date): Promise<void> {
      const values = {
        size,
        sha256,
        writtenAt: at,
        verifiedAt: at,
        damagedAt: null,
        damage: null,
        reportedAt: null,
      };
      await db
        .insert(records)
        .values({ key, ...values })
        .onConflictDoUpdate({ target: records.key, set: values });
    },

    async forget(key: string): Promise<void> {
      await db.delete(records).where(eq(records.key, key));
    },

    /** Keys found in the store without a record (written before records existed): checked first. */
    async addUnrecorded(keys: string[]): Promise<number> {
      if (keys.length === 0) return 0;
      const added = await db
        .insert(records)
        .values(keys.map((key) => ({ key })))
        .onConflictDoNothing()
        .returning({ key: records.key });
      return added.length;
    },

    async total(): Promise<number> {
      const [row] = await db.select({ n: count() }).from(records);
      return row?.n ?? 0;
    },

    /** The `limit` records least recently verified, never verified first. */
    async leastRecentlyVerified(limit: number) {
      return db
        .select()
        .from(records)
        .orderBy(sql`${records.verifiedAt} asc nulls first`, asc(records.key))
        .limit(limit);
    },

    /** Every record, `pageSize` at a time, in key order (a full check). */
    async *all(pageSize = 500) {
      let after = '';
      for (;;) {
        const page = await db
          .select()
          .from(records)
          .where(gt(records.key, after))
          .orderBy(asc(records.key))
          .limit(pageSize);
        yield* page;
        if (page.length < pageSize) return;
        after = page[page.length - 1]!.key;
      }
    },

    /**
     * The object read back as recorded (or, never read before, now recorded as read): verified now and
     * no longer damaged. False when the record changed meanwhile (rewritten or deleted).
     */
    async intact(
      key: string,
      writtenAt: Date | null,
      read: { size: number; sha256: string },
      at: Date,
    ): Promise<boolean> {
      const updated = await db
        .update(records)
        .set({
          size: sql`coalesce(${records.size}, ${read.size})`,
          sha256: sql`coalesce(${records.sha256}, ${read.sha256})`,
          verifiedAt: at,
          damagedAt: null,
          damage: null,
          reportedAt: null,
        })
        .where(and(eq(records.key, key), sameWrite(writtenAt)))
        .returning({ key: records.key });
      return updated.length > 0;
    },

    /** Marks the damage (the first time it was seen is kept). False when the record changed meanwhile. */
    async damaged(key: string, writtenAt: Date | null, damage: ObjectDamage, at: Date): Promise<boolean> {
      const updated = await db
        .update(records)
        .set({ verifiedAt: at, damagedAt: sql`coalesce(${records.damagedAt}, ${at})`, damage })
        .where(and(eq(records.key, key), sameWrite(writtenAt)))
        .returning({ key: records.key });
      return updated.length > 0;
    },

    /**
     * A reader was refused the object's bytes (decision 0340: a changed byte fails its tag): its current
     * record is marked altered at once, without waiting for the sweep. False without a record. A later
     * write (`written`) or a check that finds it intact clears it, as for a damage the sweep found.
     */
    async damagedOnRead(key: string, at: Date): Promise<boolean> {
      const updated = await db
        .update(records)
        .set({ verifiedAt: at, damagedAt: sql`coalesce(${records.damagedAt}, ${at})`, damage: 'altered' })
        .where(eq(records.key, key))
        .returning({ key: records.key });
      return updated.length > 0;
    },

    /** Damaged objects nobody was told about yet. */
    async unreported(limit = 100) {
      return db
        .select()
        .from(records)
        .where(and(isNotNull(records.damagedAt), isNull(records.reportedAt)))
        .orderBy(asc(records.damagedAt))
        .limit(limit);
    },

    /**
     * Takes the telling of this damage: true for exactly one caller, so two sweeps (or a sweep and a
     * retry) never send the same notices twice.
     */
    async claimReport(key: string, at: Date): Promise<boolean> {
      const claimed = await db
        .update(records)
        .set({ reportedAt: at })
        .where(and(eq(records.key, key), isNotNull(records.damagedAt), isNull(records.reportedAt)))
        .returning({ key: records.key });
      return claimed.length > 0;
    },

    async damagedCount(): Promise<number> {
      const [row] = await db.select({ n: count() }).from(records).where(isNotNull(records.damagedAt));
      return row?.n ?? 0;
    },

    /** The damage recorded for this key, or null (none, or no record). */
    async damageOf(key: string): Promise<ObjectDamage | null> {
      const [row] = await db
        .select({ damage: records.damage })
        .from(records)
        .where(and(eq(records.key, key), isNotNull(records.damagedAt)));
      return row?.damage ?? null;
    },
  };
}

export type ObjectRecords = ReturnType<typeof createObjectRecords>;

/** A pass-through that counts and hashes what flows through it: one read gives both, nothing held. */
export class DigestStream extends Transform {
  private readonly hash = createHash('sha256');
  size = 0;
  override _transform(
    chunk: Buffer,
    _encoding: BufferEncoding,
    callback: (error?: Error | null, data?: Buffer) => void,
  ) {
    this.hash.update(chunk);
    this.size += chunk.length;
    callback(null, chunk);
  }
  digest(): string {
    return this.hash.digest('hex');
  }
}

/**
 * The storage every module writes through, recording each object's plaintext size and SHA-256 as it
 * streams in (decision 0340) and forgetting it on delete. The record is written only once the object
 * is complete; a failed write leaves the previous record (and object) as they were.
 */
export function createRecordingStorage(storage: Storage, objects: ObjectRecords, clock: Clock): Storage {
  async function put(key: string, body: Readable | Buffer, contentType?: string) {
    if (Buffer.isBuffer(body)) {
      const stored = await storage.put(key, body, contentType);
      await objects.written(key, body.length, createHash('sha256').update(body).digest('hex'), clock.now());
      return stored;
    }
    const digest = new DigestStream();
    body.once('error', (error) => digest.destroy(error));
    const stored = await storage.put(key, body.pipe(digest), contentType);
    await objects.written(key, digest.size, digest.digest(), clock.now());
    return stored;
  }

  return {
    put,
    async putFile(key, localPath, contentType) {
      // Read once, through the digest, into the store: the encrypting layer reads the file anyway.
      const stored = await put(key, fs.createReadStream(localPath), contentType);
      await fsp.rm(localPath, { force: true });
      return stored;
    },
    stat: (key) => storage.stat(key),
    read: (key, range, options) => storage.read(key, range, options),
    async delete(key) {
      // The record first: a sweep between the two steps must not take a deletion for a loss. The bytes
      // wait while a live backup copies (deletion-hold.ts).
      await objects.forget(key);
      await objectDeletions.remove(() => storage.delete(key));
    },
    ...(storage.keys ? { keys: () => storage.keys!() } : {}),
  };
}
