import { render, whenText, type Block, type RenderedMail } from './layout';

export const ADDRESS_CHECK_SUBJECT = 'Are the addresses of your scheduled videos still right?';
export const ADDRESS_REMINDER_SUBJECT = 'Reminder: are the addresses of your scheduled videos still right?';

/** One delivery the check asks about, with its two answers. */
export interface AddressCheckLine {
  title: string;
  recipientEmail: string;
  dueAt: Date;
  /** The 'Still right' link: no sign-in needed (its token is the permission). */
  confirmUrl: string;
  /** The video's schedule, where the owner changes the address (signed in). */
  changeUrl: string;
}

/**
 * Once a year to an owner whose deliveries are due more than a year ahead, and one reminder 60 days
 * later about those not confirmed (docs/product.md §5.9, decision 0365): per delivery the recipient's
 * address, the video and the date, and 'Still right' and 'Change'. The title is the owner's own words:
 * in the body only (decision 0270).
 */
export function addressCheckMail(input: {
  firstName: string | null;
  reminder: boolean;
  lines: AddressCheckLine[];
}): RenderedMail {
  const many = input.lines.length > 1;
  const intro = input.reminder
    ? `We asked you 60 days ago and have not heard back about ${many ? 'these deliveries' : 'this delivery'}. Is the recipient's address still right?`
    : `You have ${many ? 'videos' : 'a video'} scheduled to be delivered more than a year from now. People change their e-mail addresses: please check that each one is still right.`;
  const blocks: Block[] = [{ paragraph: intro }];
  for (const line of input.lines) {
    blocks.push(
      { paragraph: `"${line.title}" to ${line.recipientEmail}, next on ${whenText(line.dueAt)}.` },
      { link: { label: 'Still right', url: line.confirmUrl } },
      { link: { label: 'Change', url: line.changeUrl } },
    );
  }
  blocks.push({
    note: "Nothing is paused or cancelled if you do not answer: your videos go out as scheduled. The 'Still right' links are personal: do not forward this e-mail.",
  });
  return render({
    subject: input.reminder ? ADDRESS_REMINDER_SUBJECT : ADDRESS_CHECK_SUBJECT,
    name: input.firstName,
    blocks,
  });
}
