import { longDateTimeIn } from '@pw/contracts';
import { escapeHtml } from './escape';
import { hello } from './greeting';

/**
 * The one look of every e-mail the platform sends (docs/decisions/0305-one-mail-path.md): a greeting,
 * then blocks, then the signature, written twice from the same parts: a plain-text part and an HTML part.
 * Every string a block carries is text: the HTML part escapes all of it, so a name or a title someone
 * typed can never become markup or a link.
 */
export type Block =
  | { paragraph: string }
  /** Someone's own words, attributed: "<by> wrote:" then each line quoted. */
  | { quote: { by: string; lines: string[] } }
  /** A short code the reader types elsewhere, shown large. */
  | { code: string }
  /** The one button; the plain part and the line under it write the address out. */
  | { button: { label: string; url: string; textLabel?: string } }
  /** A plain link, not a button (a second way on). */
  | { link: { label: string; url: string } }
  /** Small print (why the link is personal). */
  | { note: string };

export interface Letter {
  subject: string;
  /** The greeting's first name (null or blank: 'Hello,'). */
  name: string | null | undefined;
  blocks: Block[];
}

/** A finished e-mail: what the mailer sends, besides the recipient and the Message-ID. */
export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

const SIGNATURE = '— Parting Words';
const quoted = (line: string) => `“${line}”`;

function textOf(block: Block): string {
  if ('paragraph' in block) return block.paragraph;
  if ('quote' in block)
    return [`${block.quote.by} wrote:`, ...block.quote.lines.map((l) => `> ${quoted(l)}`)].join('\n');
  if ('code' in block) return block.code;
  if ('button' in block) return `${block.button.textLabel ?? block.button.label}: ${block.button.url}`;
  if ('link' in block) return `${block.link.label}: ${block.link.url}`;
  return block.note;
}

const P = 'margin:0 0 16px;line-height:1.5';
const SMALL = 'margin:0 0 16px;font-size:13px;color:#4a5a60';

function htmlOf(block: Block): string {
  if ('paragraph' in block) return `<p style="${P}">${escapeHtml(block.paragraph)}</p>`;
  if ('quote' in block) {
    const [first, ...rest] = block.quote.lines;
    return (
      `<p style="margin:0 0 8px;font-size:13px;color:#4a5a60">${escapeHtml(`${block.quote.by} wrote:`)}</p>` +
      `<blockquote style="margin:0 0 24px;padding:0 0 0 16px;border-left:3px solid #d6cfc4">` +
      `<p style="font-family:Georgia,'Times New Roman',serif;font-size:20px;margin:0 0 8px">${escapeHtml(quoted(first ?? ''))}</p>` +
      rest.map((l) => `<p style="margin:0;line-height:1.5">${escapeHtml(quoted(l))}</p>`).join('') +
      `</blockquote>`
    );
  }
  if ('code' in block)
    return `<p style="margin:0 0 16px;font-size:28px;font-weight:bold;letter-spacing:6px">${escapeHtml(block.code)}</p>`;
  if ('button' in block) {
    const url = escapeHtml(block.button.url);
    return (
      `<p style="margin:0 0 16px"><a href="${url}" style="display:inline-block;background:#1d5c63;color:#ffffff;text-decoration:none;padding:12px 24px;border-radius:8px">${escapeHtml(block.button.label)}</a></p>` +
      `<p style="${SMALL}">Or open this link: <a href="${url}" style="color:#1d5c63">${url}</a></p>`
    );
  }
  if ('link' in block)
    return `<p style="${P}"><a href="${escapeHtml(block.link.url)}">${escapeHtml(block.link.label)}</a></p>`;
  return `<p style="${SMALL}">${escapeHtml(block.note)}</p>`;
}

/** Renders a letter into its plain-text and HTML parts. */
export function render({ subject, name, blocks }: Letter): RenderedMail {
  const greeting = hello(name);
  const text = [greeting, ...blocks.map(textOf), SIGNATURE].join('\n\n') + '\n';
  const html =
    `<!doctype html><html lang="en"><body style="margin:0;padding:24px;background:#faf7f2;font-family:Arial,sans-serif;color:#1f2a30">` +
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px"><tr><td>` +
    `<p>${escapeHtml(greeting)}</p>` +
    blocks.map(htmlOf).join('') +
    `<p style="margin:0">${SIGNATURE}</p>` +
    `</td></tr></table></body></html>`;
  return { subject, text, html };
}

/**
 * "25 November 2026 at 10:30 UTC": an instant written the same for every reader, the way every date of
 * the product is written (docs/product.md §12), in e-mails and the notices that quote them.
 */
export function whenText(date: Date): string {
  return `${longDateTimeIn(date, 'UTC')} UTC`;
}
