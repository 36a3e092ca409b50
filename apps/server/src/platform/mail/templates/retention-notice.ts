import { longDateIn } from '@pw/contracts';
import { render, type RenderedMail } from './layout';

/** The day as the notice names it, in UTC like every time the e-mails write ('26 November 2027'). */
const dayText = (date: Date) => longDateIn(date, 'UTC');

/**
 * The notice to a deactivated account, 30 and then 7 days before its data is deleted (docs/product.md
 * §11.9, decision 0345): what goes, what stays, and that an activation before the day keeps it all.
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
