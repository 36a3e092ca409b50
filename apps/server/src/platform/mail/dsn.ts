import { simpleParser } from 'mailparser';

/**
 * Reading a delivery status notification (RFC 3464: a `multipart/report; report-type=delivery-status`
 * message, as a mail server sends back when it could not deliver one of ours). mailparser, a maintained
 * MIME parser, takes the message apart (encodings, boundaries, nested messages); what it does not do is
 * read the `message/delivery-status` part's own fields, which is the small parse below (decision 0385).
 */
export interface ReportedRecipient {
  /** `Final-Recipient`, the address alone, lower case. */
  finalRecipient: string | null;
  /** `Original-Recipient`, when the reporting server gives it. */
  originalRecipient: string | null;
  /** `failed`, `delayed`, `delivered`, `relayed` or `expanded` (lower case). */
  action: string;
  /** `Status`, e.g. `5.1.1`. */
  status: string | null;
  /** `Diagnostic-Code` without its type, e.g. `550 5.1.1 User unknown`. */
  diagnostic: string | null;
}

export interface DeliveryStatusReport {
  /** The Message-ID of the returned message (from its returned headers), `<…>`; null when not returned. */
  originalMessageId: string | null;
  recipients: ReportedRecipient[];
  /**
   * The envelope recipient the receiving mail server wrote on top of the report (`X-Original-To`, else
   * the first `Delivered-To`), lower case; null when it wrote none. It matters only when it is one of
   * our signed return paths, which a sender cannot make up (verp.ts).
   */
  deliveredTo: string | null;
}

/** The first of these top-level headers the receiving mail server prepends, its address alone. */
function deliveredToOf(lines: ReadonlyArray<{ key: string; line: string }>): string | null {
  for (const key of ['x-original-to', 'delivered-to']) {
    const line = lines.find((header) => header.key === key)?.line;
    if (line) return addressOf(line.slice(line.indexOf(':') + 1));
  }
  return null;
}

/** More recipients than this in one report are not read (ours have one each). */
const MAX_RECIPIENTS = 100;

const STATUS_TYPES = ['message/delivery-status', 'message/global-delivery-status'];
const RETURNED_TYPES = ['message/rfc822', 'text/rfc822-headers', 'message/global', 'message/global-headers'];

const parseOptions = {
  keepDeliveryStatus: true,
  skipHtmlToText: true,
  skipTextToHtml: true,
  skipTextLinks: true,
  skipImageLinks: true,
} as const;

/** The report in a raw message; null when the message is not a delivery status notification. */
export async function parseDeliveryStatusReport(raw: Buffer): Promise<DeliveryStatusReport | null> {
  const mail = await simpleParser(raw, parseOptions);
  const statusPart = mail.attachments.find((part) => STATUS_TYPES.includes(part.contentType));
  if (!statusPart) return null;
  const [, ...perRecipient] = fieldGroups(statusPart.content.toString('utf8'));
  const recipients = perRecipient
    .slice(0, MAX_RECIPIENTS)
    .map(toRecipient)
    .filter((recipient): recipient is ReportedRecipient => recipient !== null);
  const returned = mail.attachments.find((part) => RETURNED_TYPES.includes(part.contentType));
  const originalMessageId = returned ? await messageIdOf(returned.content) : null;
  return { originalMessageId, recipients, deliveredTo: deliveredToOf(mail.headerLines) };
}

/** The returned message's (or headers') Message-ID, as `<…>`. */
async function messageIdOf(content: Buffer): Promise<string | null> {
  const id = (await simpleParser(content, parseOptions)).messageId?.trim();
  if (!id) return null;
  return id.startsWith('<') ? id : `<${id}>`;
}

/**
 * The fields of a delivery-status body: groups separated by blank lines (the first is about the
 * message, each next one about a recipient), each a list of `Name: value` lines where a line starting
 * with white space continues the one before. Names are compared in lower case.
 */
function fieldGroups(text: string): Array<Map<string, string>> {
  const groups: Array<Map<string, string>> = [];
  let current = new Map<string, string>();
  let last: string | null = null;
  for (const line of text.split(/\r?\n/)) {
    if (line.trim() === '') {
      if (current.size) groups.push(current);
      current = new Map();
      last = null;
    } else if (/^[ \t]/.test(line) && last) {
      current.set(last, `${current.get(last)} ${line.trim()}`);
    } else {
      const colon = line.indexOf(':');
      if (colon <= 0) continue;
      last = line.slice(0, colon).trim().toLowerCase();
      current.set(last, line.slice(colon + 1).trim());
    }
  }
  if (current.size) groups.push(current);
  return groups;
}

/** `rfc822; <Jo@Example.org>` → `jo@example.org`. */
function addressOf(value: string | undefined): string | null {
  if (!value) return null;
  const address = value
    .slice(value.indexOf(';') + 1)
    .trim()
    .replace(/^<|>$/g, '');
  return address ? address.toLowerCase() : null;
}

function toRecipient(fields: Map<string, string>): ReportedRecipient | null {
  const action = fields.get('action')?.split(/[\s(]/)[0]?.toLowerCase();
  if (!action) return null;
  const diagnostic = fields.get('diagnostic-code');
  return {
    finalRecipient: addressOf(fields.get('final-recipient')),
    originalRecipient: addressOf(fields.get('original-recipient')),
    action,
    status: fields.get('status')?.split(/[\s(]/)[0] ?? null,
    diagnostic: diagnostic ? diagnostic.slice(diagnostic.indexOf(';') + 1).trim() : null,
  };
}
