import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Signed return paths (VERP): every mail the platform sends carries an envelope sender of its own,
 * `bounce+<kind><id>.<tag>@<MAIL_FROM's domain>`, where the tag is an HMAC of `<kind><id>` under a key
 * derived from APP_SECRET. A delivery status report reaches us addressed to it, so its envelope
 * recipient says which mail came back; a report that cannot show one (anyone can e-mail our
 * addresses) changes nothing (docs/decisions/0385-signed-return-paths.md).
 *
 * Kinds: `d` a delivery (the `scheduled_deliveries` row: its outbox row is written by the statement
 * that records the server's 250, after the envelope was given), `m` any other outbox row.
 */
export type ReturnPathKind = 'delivery' | 'mail';

export interface ReturnPaths {
  /** The envelope sender of a delivery's e-mail. */
  forDelivery(deliveryId: number): string;
  /** The envelope sender of another outbox row's e-mail. */
  forMail(outboxId: number): string;
  /** What a signed return path names; null for anything else (unsigned, altered, another domain). */
  read(address: string | null | undefined): { kind: ReturnPathKind; id: number } | null;
}

/** 20 hex characters: 80 bits, far beyond guessing within a mail server's patience. */
const TAG_LENGTH = 20;
const PREFIX = { delivery: 'd', mail: 'm' } as const;

/** `Parting Words <no-reply@example.org>` → `example.org`. */
export function mailDomain(from: string): string {
  const address = /<([^>]+)>/.exec(from)?.[1] ?? from;
  return (address.slice(address.lastIndexOf('@') + 1).trim() || 'partingwords.local').toLowerCase();
}

export function createReturnPaths(appSecret: string, from: string): ReturnPaths {
  // A key of its own: a tag never doubles as a watch token or any other HMAC of APP_SECRET.
  const key = createHmac('sha256', appSecret).update('verp-key').digest();
  const domain = mailDomain(from);
  const tag = (subject: string) =>
    createHmac('sha256', key).update(subject).digest('hex').slice(0, TAG_LENGTH);
  const address = (kind: ReturnPathKind, id: number) => {
    const subject = `${PREFIX[kind]}${id}`;
    return `bounce+${subject}.${tag(subject)}@${domain}`;
  };
  const pattern = /^<?bounce\+([dm])(\d{1,15})\.([0-9a-f]+)@([^>\s]+)>?$/;

  return {
    forDelivery: (id) => address('delivery', id),
    forMail: (id) => address('mail', id),
    read(value) {
      // Mail servers may fold the local part to lower case; the tag is lower-case hex anyway.
      const match = pattern.exec((value ?? '').trim().toLowerCase());
      if (!match) return null;
      const [, prefix, digits, given, host] = match as unknown as [string, string, string, string, string];
      if (host !== domain || given.length !== TAG_LENGTH) return null;
      const expected = Buffer.from(tag(`${prefix}${digits}`));
      if (!timingSafeEqual(Buffer.from(given), expected)) return null;
      const id = Number(digits);
      if (!Number.isSafeInteger(id)) return null;
      return { kind: prefix === 'd' ? 'delivery' : 'mail', id };
    },
  };
}
