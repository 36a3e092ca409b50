import { describe, expect, it } from 'vitest';
import { createReturnPaths, mailDomain } from './verp';
import { returnedSentence } from './refusals';

const SECRET = 'a-secret-of-at-least-thirty-two-bytes-for-tests';

describe('signed return paths', () => {
  const paths = createReturnPaths(SECRET, 'Parting Words <no-reply@Mail.PW.test>');

  it("names the mail on MAIL_FROM's domain, and reads back only what it signed", () => {
    expect(mailDomain('no-reply@x.test')).toBe('x.test');
    const address = paths.forDelivery(42);
    expect(address).toMatch(/^bounce\+d42\.[0-9a-f]{20}@mail\.pw\.test$/);
    expect(paths.read(address)).toEqual({ kind: 'delivery', id: 42 });
    expect(paths.read(`<${address.toUpperCase()}>`)).toEqual({ kind: 'delivery', id: 42 });
    expect(paths.read(paths.forMail(42))).toEqual({ kind: 'mail', id: 42 });
  });

  it('refuses an altered id, tag, kind or domain, another key, or no address', () => {
    const address = paths.forDelivery(42);
    const tag = /\.([0-9a-f]+)@/.exec(address)![1]!;
    const flipped = tag.slice(0, -1) + (tag.endsWith('0') ? '1' : '0');
    for (const forged of [
      address.replace('d42.', 'd43.'),
      address.replace('d42.', 'm42.'),
      address.replace(tag, flipped),
      address.replace(tag, tag.slice(0, 16)),
      address.replace('mail.pw.test', 'evil.test'),
      createReturnPaths(`${SECRET}x`, 'no-reply@mail.pw.test').forDelivery(42),
      'no-reply@mail.pw.test',
      'bounce@mail.pw.test',
      '',
      null,
      undefined,
    ])
      expect(paths.read(forged)).toBeNull();
  });
});

describe('the platform sentence for a returned mail', () => {
  it('says the class in its own words, with at most the three-digit code, never the diagnostic text', () => {
    expect(returnedSentence('5.1.1', '550 5.1.1 <a@b.test>: go to http://evil.test')).toBe(
      "Returned by the recipient's mail server (550): the address does not exist.",
    );
    expect(returnedSentence('5.2.2', null)).toBe(
      "Returned by the recipient's mail server: the mailbox is full or not taking mail.",
    );
    expect(returnedSentence('call http://evil.test', 'Visit http://evil.test')).toBe(
      "Returned by the recipient's mail server: no reason was given.",
    );
  });
});
