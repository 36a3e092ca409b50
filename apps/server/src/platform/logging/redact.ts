/**
 * What must never reach a log line (docs/operations.md §Security headers and logs): the credentials that
 * travel in addresses — watch tokens, media signatures, access codes — full e-mail addresses, and
 * payment card details (decision 0155).
 * Logs are copied to terminals, files and log services that more people can read than the database.
 */
export const REDACTED = '[redacted]';

/** The payment form's card fields (docs/product.md §13.4) and their camelCase spellings. */
export const CARD_FIELDS = ['card_no', 'cardNo', 'cvv', 'expiry_date', 'expiryDate'] as const;

/**
 * pino's redact paths: fields censored by name, whatever their value. Credentials, and the payment
 * card (decision 0155), whose number, CVV and expiry go to the provider and nowhere else: at the top
 * of a line, in a logged request `body`, and the provider's whole `card` object. Each path is spelled
 * out: `*.` wildcards are paid on every log line (measured: five of them doubled a request line's cost).
 * `expiry_date` is also a subscription's end date; censoring that too is the price of never missing a
 * card's.
 */
export const CENSORED_PATHS: readonly string[] = [
  'password',
  'password_confirmation',
  'token',
  'authorization',
  '*.authorization',
  ...CARD_FIELDS.flatMap((field) => [field, `body.${field}`]),
  'card',
  'body.card',
];

// Backslashes end a match: in a JSON log line `\"` is an escaped quote, and eating the backslash would
// break the line.
// Each with the text a match must contain (checked before the pattern runs).
const URL_SECRETS: Array<[RegExp, string, string]> = [
  // The recipient's watch link: the page (/watch/{token}) and its API (/api/watch/{token}).
  [/(\/watch\/)[^/?#\s"'<>\\]+/g, `$1${REDACTED}`, '/watch/'],
  // A final video opened by its access code (contract path /web/user/video/{code}/detail-by-access-code).
  [/(\/video\/)[^/?#\s"'<>\\]+(\/detail-by-access-code)/g, `$1${REDACTED}$2`, '/detail-by-access-code'],
  // The legacy release's links (docs/product.md §6): a trusted contact's page and the owner's alive page.
  [/(\/legacy\/(?:contact|alive)\/)[^/?#\s"'<>\\]+/g, `$1${REDACTED}`, '/legacy/'],
  // A passing reported with the access code (/web/user/video/{code}/report-passing).
  [/(\/video\/)[^/?#\s"'<>\\]+(\/report-passing)/g, `$1${REDACTED}$2`, '/report-passing'],
  // A data export's download link (/web/account/export/download/{token}): the link is the permission.
  [/(\/export\/download\/)[^/?#\s"'<>\\]+/g, `$1${REDACTED}`, '/export/download/'],
  // The yearly address check's 'Still right' page (/delivery/address/{token}; docs/product.md §5.9). Its
  // calls (/api/delivery/address/details and /confirm) carry the token in the body's `token`, censored by name.
  // Only those two whole segments stay: a token that merely starts with their letters is still censored.
  [
    /(\/delivery\/address\/)(?!(?:confirm|details)(?:[/?#\s"'<>\\]|$))[^/?#\s"'<>\\]+/g,
    `$1${REDACTED}`,
    '/delivery/address/',
  ],
  // A banner's signed click link (/web/banner-ad/click/{token}).
  [/(\/banner-ad\/click\/)[^/?#\s"'<>\\]+/g, `$1${REDACTED}`, '/banner-ad/click/'],
  // Signed media URLs (?exp=…&sig=…) and any credential a query string may ever carry; and the reason an
  // administrator gives for opening a sealed message (?reason=…, free text about a person: it is kept in
  // the audit record the owner reads, not in logs; docs/product.md §11.10).
  [/([?&](?:sig|signature|token|code|access_code|reason)=)[^&#\s"'<>\\]*/gi, `$1${REDACTED}`, '='],
];

// The character before the '@' must be part of the local part, so a masked address is left alone.
const EMAIL = /([A-Za-z0-9_%+-])[A-Za-z0-9._%+-]*@([A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,})/g;

/** `jane.doe@example.com` → `j***@example.com`: enough to tell mailboxes and providers apart. */
// Every log line comes through here: a line without an '@' holds no address, and skipping the
// pattern's scan of it is most of the pass's cost (docs/operations.md §Request pipeline).
export const maskEmails = (text: string): string =>
  text.includes('@') ? text.replace(EMAIL, '$1***@$2') : text;

/** A request URL (or any text holding one) with its credentials replaced by `[redacted]`. */
export function redactUrl(url: string): string {
  let result = url;
  for (const [pattern, replacement, marker] of URL_SECRETS) {
    // Each credential has a fixed part; a line without it has nothing for that pattern to find.
    if (result.includes(marker)) result = result.replace(pattern, replacement);
  }
  return result;
}

/** Free text bound for a log line: URL credentials redacted, e-mail addresses masked. */
export const redactSecrets = (text: string): string => maskEmails(redactUrl(text));
