import { z } from 'zod';
import { render, whenText, type Block, type RenderedMail } from '../../platform/mail/templates';
import { defineMail, type Envelope } from '../../platform/mail/define';

/** The delivery module's e-mails: the wording of each kind, then its definition (`deliveryMails`). */
const PERSONAL =
  'This link is personal: anyone who has it can watch the message, so share it only with people you trust.';

/**
 * Subjects are the platform's own words only: what a person typed (a title, a name) could otherwise make
 * the platform's address carry their message (a phishing line) into someone's inbox list. Their words
 * appear in the body alone, quoted and attributed (docs/product.md §10.3).
 */
export const DELIVERY_SUBJECT = 'A video message for you on Parting Words';
export const GRANT_SUBJECT = 'A video message has been shared with you on Parting Words';

interface WatchLink {
  title: string;
  description: string;
  watchUrl: string;
}

/** A line of who, the author's title and description quoted as theirs, the button, the link. */
function watchMail(
  subject: string,
  intro: string,
  author: string,
  { title, description, watchUrl }: WatchLink,
) {
  return render({
    subject,
    name: null,
    blocks: [
      { paragraph: intro },
      { quote: { by: author || 'The author', lines: description ? [title, description] : [title] } },
      { button: { label: 'Watch the message', textLabel: 'Watch it here', url: watchUrl } },
      { note: PERSONAL },
    ],
  });
}

/** A scheduled delivery: who recorded it, the title and description, and the private watch link. */
export function deliveryMail(input: WatchLink & { senderName: string }): RenderedMail {
  const { senderName } = input;
  return watchMail(
    DELIVERY_SUBJECT,
    `${senderName} recorded a video message for you on Parting Words.`,
    senderName,
    input,
  );
}

/**
 * Grant access, type 0: a person who may see a video hands it to someone by e-mail (docs/product.md §6.7).
 */
export function grantMail(input: WatchLink & { granterName: string; ownerName: string }): RenderedMail {
  const { granterName, ownerName } = input;
  return watchMail(
    GRANT_SUBJECT,
    `${granterName} has given you access to a video message from ${ownerName} on Parting Words.`,
    ownerName,
    input,
  );
}

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
 * later about those not confirmed (docs/product.md §5.9): per delivery the recipient's
 * address, the video and the date, and 'Still right' and 'Change'. The title is the owner's own words:
 * in the body only (docs/product.md §10.3).
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

const watchLink = { title: z.string(), description: z.string(), watchUrl: z.string() };

/**
 * A scheduled delivery's e-mail, written and sent by the delivery's own job (its claim counts the
 * attempts, decision 0040); its rows are recorded by `outbox.record`, never composed from params.
 */
export const deliveryMailKind = defineMail({
  kind: 'delivery',
  params: z.object({ ...watchLink, senderName: z.string() }),
  compose: (params) => deliveryMail(params),
});

/** A watch link handed on by someone who may see the video (sent at once: its token is in the mail alone). */
export const grantAccessMail = defineMail({
  kind: 'grant-access',
  params: z.object({ ...watchLink, granterName: z.string(), ownerName: z.string() }),
  compose: (params) => grantMail(params),
});

/** What the address check's mail reads when it is written: the owner's name and the lines still asked about. */
export interface AddressCheckMailContext {
  /** Null: nothing left to ask (all confirmed, changed or sent), or the owner deactivated meanwhile. */
  addressCheckOf(
    accountId: number,
    checkSentAt: Date,
    reminder: boolean,
  ): Promise<{ firstName: string | null; lines: AddressCheckLine[] } | null>;
}

/** The yearly address check (or its reminder): `checkSentAt` (ISO) names the check, `reminder` is 1 or 0. */
export const addressCheckMailKind = defineMail({
  kind: 'address-check',
  params: z.object({ checkSentAt: z.string(), reminder: z.union([z.literal(0), z.literal(1)]) }),
  async compose(p, ctx: AddressCheckMailContext, { accountId }: Envelope) {
    if (accountId === null) return null;
    const found = await ctx.addressCheckOf(accountId, new Date(p.checkSentAt), p.reminder === 1);
    return found && addressCheckMail({ ...found, reminder: p.reminder === 1 });
  },
});

/** Every mail of the module, registered by its AppModule (`bindMails`). */
export const deliveryMails = [deliveryMailKind, grantAccessMail, addressCheckMailKind];
