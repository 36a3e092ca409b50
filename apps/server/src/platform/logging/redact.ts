/**
 * What must never reach a log line (docs/decisions/0101-secrets-out-of-logs.md): the credentials that
 * travel in addresses — watch tokens, media signatures, access codes — and full e-mail addresses.
 * Logs are copied to terminals, files and log services that more people can read than the database.
 */
export const REDACTED = '[redacted]';

// Backslashes end a match: in a JSON log line `\"` is an escaped quote, and eating the backslash would
// break the line.
const URL_SECRETS: Array<[RegExp, string]> = [
  // The recipient's watch link: the page (/watch/{token}) and its API (/api/watch/{token}).
  [/(\/watch\/)[^/?#\s"'<>\\]+/g, `$1${REDACTED}`],
  // A final video opened by its access code (spec path /web/user/video/{code}/detail-by-access-code).
  [/(\/video\/)[^/?#\s"'<>\\]+(\/detail-by-access-code)/g, `$1${REDACTED}$2`],
  // Signed media URLs (?exp=…&sig=…) and any credential a query string may ever carry.
  [/([?&](?:sig|signature|token|code|access_code)=)[^&#\s"'<>\\]*/gi, `$1${REDACTED}`],
];

// The character before the '@' must be part of the local part, so a masked address is left alone.
const EMAIL = /([A-Za-z0-9_%+-])[A-Za-z0-9._%+-]*@([A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,})/g;

/** `jane.doe@example.com` → `j***@example.com`: enough to tell mailboxes and providers apart. */
export const maskEmails = (text: string): string => text.replace(EMAIL, '$1***@$2');

/** A request URL (or any text holding one) with its credentials replaced by `[redacted]`. */
export function redactUrl(url: string): string {
  let result = url;
  for (const [pattern, replacement] of URL_SECRETS) result = result.replace(pattern, replacement);
  return result;
}

/** Free text bound for a log line: URL credentials redacted, e-mail addresses masked. */
export const redactSecrets = (text: string): string => maskEmails(redactUrl(text));
