import { sendJob } from '../../platform/jobs';
import type { DbOrTx } from '../../platform/db';
import { mailOf } from '../../platform/mail/define';
import type { PgBoss } from '../../platform/queue';
import type { MemorialDeps } from './memorial.context';
import { memorialRetentionMail } from './memorial.mails';
import { moderatorsOf } from './memorial.moderators';
import { memorialMailQueue } from './memorial.queue';

/**
 * The retention deletes the page with its owner's account (docs/product.md §6.9, §11.9): its moderators
 * are told when the account's own first notice goes, in that notice's transaction, and once per ending of
 * the account (the page records which ending it was told of).
 */
export function createRetentionNotice(deps: Pick<MemorialDeps, 'repo' | 'outbox'> & { queue: PgBoss }) {
  return async function noticeBeforeRetention(
    ownerId: number,
    endedAt: Date,
    deleteOn: Date,
    tx: DbOrTx,
  ): Promise<number> {
    const page = await deps.repo.claimRetentionNotice(ownerId, endedAt, tx);
    if (!page) return 0;
    const moderators = await moderatorsOf(deps.repo, page, tx);
    const ids = await deps.outbox.enqueue(
      moderators.map((m) => ({
        mail: mailOf(memorialRetentionMail, {
          name: m.name,
          pageName: page.name,
          deleteOn: deleteOn.toISOString(),
        }),
        to: m.email,
        accountId: ownerId,
        ref: `memorial:${page.id}`,
      })),
      tx,
    );
    for (const mailId of ids)
      await sendJob(deps.queue, memorialMailQueue, { mailId }, { singletonKey: `${mailId}:mail`, tx });
    return ids.length;
  };
}
