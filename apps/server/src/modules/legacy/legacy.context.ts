import type { Clock } from '../../platform/clock';
import type { Db, DbOrTx } from '../../platform/db';
import type { PgBoss } from '../../platform/queue';
import type { Notifications } from '../notifications';
import type { MailOutbox } from '../../platform/mail/outbox';
import type { MailContent } from '../../platform/mail/define';
import type { LegacyRepo } from './legacy.repo';
import { enqueueMails } from './legacy.queue';

/** What the legacy module needs of other modules (handed in by the composition root). */
export interface LegacyNeeds {
  notifications: Pick<Notifications, 'notify'>;
  /** The final video an access code opens (the videos module). */
  finalByAccessCode(code: string): Promise<{ videoId: number; ownerId: number } | null>;
  /** Writes a contact's private watch link in the release's transaction (the delivery module). */
  recordWatchGrant(
    input: { videoId: number; grantedBy: number; email: string; tokenHash: string },
    tx: Db,
  ): Promise<void>;
  /**
   * A mistaken release sealed again, in its transaction: the watch links that rested on the release
   * (`tokenHashes`: the contacts'; and those others sent) revoked, others' unpublished grants to homes
   * withdrawn; answers the homes that held one, to tell them (the published ones: whom to ask).
   */
  withdrawForReseal(
    ownerId: number,
    videoId: number,
    tokenHashes: string[],
    tx: Db,
  ): Promise<Array<{ homeName: string; email: string; publishedAt: Date | null }>>;
  /**
   * Opens the owner's memorial page in the release's transaction when they chose one (the memorial
   * module); answers its path, or null.
   */
  openMemorial(ownerId: number, tx: Db): Promise<string | null>;
  /** The path of the owner's memorial page while it is up, for the release e-mail; null without one. */
  memorialPathOf(ownerId: number): Promise<string | null>;
  /** Whether a funeral home is listed (holds a running funeral-home plan; the payments module). */
  isListedHome(accountId: number): Promise<boolean>;
}

/** What the module's parts share. */
export interface LegacyDeps {
  db: Db;
  repo: LegacyRepo;
  queue: PgBoss;
  /** The platform's one outbox: every e-mail of the release is a row there (decision 0305). */
  outbox: MailOutbox;
  clock: Clock;
  secret: string;
  /** One "day" of LEGACY_WAIT_UNIT, in ms. */
  unitMs: number;
  needs: LegacyNeeds;
}

/**
 * Writes outbox rows and their jobs in `tx`: the e-mails exist iff what they tell committed. The rows
 * hold ids and names only; the links (tokens) are made when each is sent (legacy.mails.ts).
 */
export async function queueMails(
  deps: Pick<LegacyDeps, 'outbox' | 'queue'>,
  ownerId: number,
  mails: Array<{ to: string; mail: MailContent }>,
  tx: DbOrTx,
) {
  const ids = await deps.outbox.enqueue(
    mails.map((m) => ({ mail: m.mail, to: m.to, accountId: ownerId, ref: `legacy-owner:${ownerId}` })),
    tx,
  );
  await enqueueMails(deps.queue, ids, tx);
}

export const inTx = <T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> =>
  db.transaction((tx) => work(tx as unknown as Db));
