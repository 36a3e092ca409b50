import { z } from 'zod';
import { longDateIn } from '@pw/contracts';
import { render, type RenderedMail } from '../../platform/mail/templates';
import { defineMail, type Envelope } from '../../platform/mail/define';
import type { RetentionRepo } from './retention.repo';

/** The account-data module's e-mails: the wording of each kind, then its definition (`accountDataMails`). */
/**
 * The confirmation that an account was deleted (docs/product.md §11.6), sent after the deletion committed.
 */
export function accountDeletedMail(input: { firstName: string | null }): RenderedMail {
  return render({
    subject: 'Your Parting Words account has been deleted',
    name: input.firstName,
    blocks: [
      { paragraph: 'Your Parting Words account has been deleted, as you asked.' },
      {
        paragraph:
          'Your videos, scheduled deliveries, profile and other personal data have been removed, and no scheduled message will be sent. Records of your payments are kept, without your name or e-mail, because the law requires us to keep our accounts.',
      },
      { paragraph: 'If you did not ask for this, please contact us.' },
    ],
  });
}

/** The day as the notice names it, in UTC like every time the e-mails write ('26 November 2027'). */
const dayText = (date: Date) => longDateIn(date, 'UTC');

/**
 * The notice to a deactivated account, 30 and then 7 days before its data is deleted (docs/product.md
 * §11.9): what goes, what stays, and that an activation before the day keeps it all.
 */
export function retentionNoticeMail(input: {
  firstName: string | null;
  deleteOn: Date;
  daysBefore: number;
  supportEmail: string;
}): RenderedMail {
  return render({
    subject: `Your Parting Words data will be deleted in ${input.daysBefore} days`,
    name: input.firstName,
    blocks: [
      {
        paragraph: `Your Parting Words account is deactivated. On ${dayText(input.deleteOn)} (UTC) we will delete it: your videos, photos, scheduled deliveries, final message, profile and other personal data.`,
      },
      {
        paragraph:
          'Records of your payments are kept, without your name, e-mail or card details, because the law requires us to keep our accounts.',
      },
      {
        paragraph: `If you want to keep your account, ask us to activate it before that day at ${input.supportEmail}: nothing is deleted then.`,
      },
    ],
  });
}

/** The deletion's confirmation, sent at once after the deletion committed. */
export const accountDeletedMailKind = defineMail({
  kind: 'account-deleted',
  params: z.object({ firstName: z.string().nullable() }),
  compose: (params) => accountDeletedMail(params),
});

/** What a retention notice reads when it is written. */
export interface RetentionMailContext {
  repo: Pick<RetentionRepo, 'stillEnded'>;
  supportEmail: string;
}

/**
 * A retention notice, queued by the sweep; dropped when the account was activated or deleted meanwhile
 * (`endedAt`, ISO, names the deactivation it was claimed for; `deleteOn`, ISO, the day).
 */
export const retentionNoticeMailKind = defineMail({
  kind: 'retention-notice',
  params: z.object({ endedAt: z.string(), deleteOn: z.string(), days: z.number() }),
  async compose(p, ctx: RetentionMailContext, { accountId }: Envelope) {
    if (accountId === null) return null;
    const account = await ctx.repo.stillEnded(accountId, new Date(p.endedAt));
    if (!account) return null;
    return retentionNoticeMail({
      firstName: account.firstName,
      deleteOn: new Date(p.deleteOn),
      daysBefore: p.days,
      supportEmail: ctx.supportEmail,
    });
  },
});

/** Every mail of the module, registered by its AppModule (`bindMails`). */
export const accountDataMails = [accountDeletedMailKind, retentionNoticeMailKind];
