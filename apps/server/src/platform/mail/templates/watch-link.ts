import { render, type RenderedMail } from './layout';

const PERSONAL =
  'This link is personal: anyone who has it can watch the message, so share it only with people you trust.';

/**
 * Subjects are the platform's own words only: what a person typed (a title, a name) could otherwise make
 * the platform's address carry their message (a phishing line) into someone's inbox list. Their words
 * appear in the body alone, quoted and attributed (docs/decisions/0270-mail-wording.md).
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

/** Grant access, type 0: a person who may see a video hands it to someone by e-mail (decision 0211). */
export function grantMail(input: WatchLink & { granterName: string; ownerName: string }): RenderedMail {
  const { granterName, ownerName } = input;
  return watchMail(
    GRANT_SUBJECT,
    `${granterName} has given you access to a video message from ${ownerName} on Parting Words.`,
    ownerName,
    input,
  );
}
