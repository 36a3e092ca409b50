import type { Clock } from '../../platform/clock';
import type { Db, DbOrTx } from '../../platform/db';
import type { PgBoss } from '../../platform/queue';
import type { Notifications } from '../notifications';
import type { LegacyRepo, NewMail } from './legacy.repo';
import type { MailKind } from './legacy.mail';
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
  /** Whether a funeral home is listed (holds a running funeral-home plan; the payments module). */
  isListedHome(accountId: number): Promise<boolean>;
}

/** What the module's parts share. */
export interface LegacyDeps {
  db: Db;
  repo: LegacyRepo;
  queue: PgBoss;
  clock: Clock;
  secret: string;
  /** One "day" of LEGACY_WAIT_UNIT, in ms. */
  unitMs: number;
  needs: LegacyNeeds;
}

/** Writes outbox rows and their jobs in `tx`: the e-mails exist iff what they tell committed. */
export async function queueMails(
  deps: Pick<LegacyDeps, 'repo' | 'queue'>,
  ownerId: number,
  at: Date,
  mails: Array<{ to: string; kind: MailKind; params: NewMail['params'] }>,
  tx: DbOrTx,
) {
  const ids = await deps.repo.insertMails(
    mails.map((m) => ({ ownerId, toEmail: m.to, kind: m.kind, params: m.params, createdAt: at })),
    tx,
  );
  await enqueueMails(deps.queue, ids, tx);
}

export const inTx = <T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> =>
  db.transaction((tx) => work(tx as unknown as Db));
