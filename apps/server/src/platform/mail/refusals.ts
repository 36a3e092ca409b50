/**
 * What the platform says of a returned mail, in its own words. A report's free text (its
 * Diagnostic-Code) is written by whoever sent the report, so it never reaches an owner's notice or
 * e-mail: only the class of its status code (RFC 3463: the second number is the subject) and the
 * three-digit reply code, both read as digits alone.
 */
const SUBJECTS: Record<string, string> = {
  '1': 'the address does not exist',
  '2': 'the mailbox is full or not taking mail',
  '3': "the recipient's mail system cannot take it",
  '4': 'it could not be routed to the recipient',
  '5': 'the mail servers could not complete the hand-over',
  '6': 'its content was refused',
  '7': "it was refused by the server's security or spam policy",
};

/** `5.1.1` → its subject's digit; anything else → null. */
const subjectOf = (status: string | null | undefined) =>
  /^[245]\.(\d{1,3})\.\d{1,3}$/.exec(status?.trim() ?? '')?.[1] ?? null;

/** The reply code a diagnostic starts with (`550 5.1.1 …` → 550), when it is one. */
const replyCodeOf = (diagnostic: string | null | undefined) =>
  /^([45]\d\d)(?:[\s-]|$)/.exec(diagnostic?.trim() ?? '')?.[1] ?? null;

/** "Returned by the recipient's mail server (550): the address does not exist." */
export function returnedSentence(status: string | null, diagnostic: string | null): string {
  const subject = subjectOf(status);
  const what = (subject && SUBJECTS[subject]) ?? 'no reason was given';
  const code = replyCodeOf(diagnostic);
  return `Returned by the recipient's mail server${code ? ` (${code})` : ''}: ${what}.`;
}
