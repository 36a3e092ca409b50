import {
  adminAccountRoutes,
  deliveryRoutes,
  legacyRoutes,
  videoRoutes,
  accountDataRoutes,
  bannerAdRoutes,
  routeUrl,
} from '@pw/contracts';
import { Writable } from 'node:stream';
import { lineSink } from '../../../test/log-lines';
import { describe, expect, it } from 'vitest';
import { createLogger, logDestination } from './logger';
import { maskEmails, redactSecrets, redactUrl } from './redact';
import { rawRouteUrl } from '../../../test/addresses';
import { MEDIA_PATH_PREFIX } from '../http/signed-url';

/** A logger at `info` whose lines are collected, parsed. */
function capture() {
  const lines: string[] = [];
  const stream = lineSink(lines);
  return { logger: createLogger('info', stream), lines, parsed: () => lines.map((l) => JSON.parse(l)) };
}

const TOKEN = 'Zm9vYmFyLXdhdGNoLXRva2VuLW9mLTQzLWNoYXJzLWxvbmc';

describe('redacting URLs', () => {
  it('hides watch tokens, signatures and access codes and keeps the rest readable', () => {
    expect(redactUrl(`/watch/${TOKEN}`)).toBe('/watch/[redacted]');
    expect(redactUrl(`${routeUrl(deliveryRoutes.watch, { token: TOKEN })}?utm=x`)).toBe(
      `${rawRouteUrl(deliveryRoutes.watch, { token: '[redacted]' })}?utm=x`,
    );
    expect(redactUrl(routeUrl(legacyRoutes.reportByContact, { token: TOKEN }))).toBe(
      rawRouteUrl(legacyRoutes.reportByContact, { token: '[redacted]' }),
    );
    expect(redactUrl(`/legacy/alive/${TOKEN}`)).toBe('/legacy/alive/[redacted]');
    expect(redactUrl(routeUrl(legacyRoutes.reportByCode, { code: 'ABCDEFGHJKLM' }))).toBe(
      rawRouteUrl(legacyRoutes.reportByCode, { code: '[redacted]' }),
    );
    expect(redactUrl(`${MEDIA_PATH_PREFIX}videos/7/video.mp4?exp=1795363200&sig=AbC-_09xyz`)).toBe(
      `${MEDIA_PATH_PREFIX}videos/7/video.mp4?exp=1795363200&sig=[redacted]`,
    );
    expect(redactUrl(`${MEDIA_PATH_PREFIX}videos/7/video.mp4?sig=AbC&exp=1`)).toBe(
      `${MEDIA_PATH_PREFIX}videos/7/video.mp4?sig=[redacted]&exp=1`,
    );
    expect(redactUrl(routeUrl(videoRoutes.byAccessCode, { code: 'K7Q2ZP' }))).toBe(
      rawRouteUrl(videoRoutes.byAccessCode, { code: '[redacted]' }),
    );
    expect(redactUrl('/reset?email=a%40b.c&token=123456&code=654321')).toBe(
      '/reset?email=a%40b.c&token=[redacted]&code=[redacted]',
    );
    expect(redactUrl(routeUrl(accountDataRoutes.download, { token: '12.1795363200.AbC-_09xyz' }))).toBe(
      rawRouteUrl(accountDataRoutes.download, { token: '[redacted]' }),
    );
    expect(redactUrl(`${routeUrl(bannerAdRoutes.click, { token: '7.1795363200.AbC-_09xyz' })}?x=1`)).toBe(
      `${rawRouteUrl(bannerAdRoutes.click, { token: '[redacted]' })}?x=1`,
    );
    // An administrator's reason for opening a sealed message is about a person: kept out of logs.
    const words = routeUrl(adminAccountRoutes.partingWords, { id: 7 });
    expect(redactUrl(`${words}?reason=The%20family%20asked%20for%20it`)).toBe(`${words}?reason=[redacted]`);
    // Nothing to hide: unchanged.
    for (const plain of [
      `${routeUrl(videoRoutes.listDraft)}?page=2`,
      '/user/profile/final?video=3',
      '/watch',
    ]) {
      expect(redactUrl(plain)).toBe(plain);
    }
  });

  it('never eats the backslash of an escaped quote, so a JSON line stays JSON', () => {
    const line = JSON.stringify({ url: `/watch/${TOKEN}"x?sig=a"b` });
    expect(() => JSON.parse(redactSecrets(line))).not.toThrow();
    expect(redactSecrets(line)).not.toContain(TOKEN);
  });
});

describe('masking e-mail addresses', () => {
  it('keeps the first letter and the domain, in any text, once', () => {
    expect(maskEmails('jane.doe@example.com')).toBe('j***@example.com');
    expect(maskEmails('Jane <jane+pw@mail.example.org>, bob@b.io')).toBe(
      'Jane <j***@mail.example.org>, b***@b.io',
    );
    expect(maskEmails('550 5.1.1 <sam@recipient.test>: Recipient address rejected')).toBe(
      '550 5.1.1 <s***@recipient.test>: Recipient address rejected',
    );
    expect(maskEmails(maskEmails('jane@example.com'))).toBe('j***@example.com');
    expect(maskEmails('no address here @ all')).toBe('no address here @ all');
  });
});

describe('the process logger', () => {
  it('writes request lines with the URL redacted', () => {
    const { logger, parsed } = capture();
    const request = {
      method: 'GET',
      url: routeUrl(deliveryRoutes.watch, { token: TOKEN }),
      host: 'localhost',
      ip: '127.0.0.1',
      socket: { remotePort: 5000 },
    };
    logger.info({ req: request }, 'incoming request');
    expect(parsed()[0].req).toEqual({
      method: 'GET',
      url: rawRouteUrl(deliveryRoutes.watch, { token: '[redacted]' }),
      host: 'localhost',
      remoteAddress: '127.0.0.1',
      remotePort: 5000,
    });
  });

  it('cleans messages, format arguments, error texts and any field, and censors credential fields', () => {
    const { logger, lines, parsed } = capture();
    logger.info('Route %s:%s not found', 'GET', `/watch/${TOKEN}`);
    const refused = Object.assign(new Error('Can not send mail to sam@recipient.test'), {
      responseCode: 550,
      response: '550 5.1.1 <sam@recipient.test>: Recipient address rejected',
    });
    logger.error({ err: refused }, 'delivery attempt failed');
    logger.warn(refused);
    logger.info({ link: `https://pw.example/watch/${TOKEN}`, reason: 'to sam@recipient.test' }, 'x');
    logger.info({ password: 'hunter2-secret', token: '482913', authorization: 'Bearer abc' }, 'body');

    const text = lines.join('\n');
    for (const secret of [TOKEN, 'sam@recipient.test', 'hunter2-secret', '482913', 'Bearer abc']) {
      expect(text).not.toContain(secret);
    }
    const [route, error, bare, fields, body] = parsed();
    expect(route.msg).toBe('Route GET:/watch/[redacted] not found');
    expect(error.err.response).toBe('550 5.1.1 <s***@recipient.test>: Recipient address rejected');
    expect(error.err.message).toBe('Can not send mail to s***@recipient.test');
    expect(bare.msg).toBe('Can not send mail to s***@recipient.test');
    expect(fields).toMatchObject({
      link: 'https://pw.example/watch/[redacted]',
      reason: 'to s***@recipient.test',
    });
    expect(body).toMatchObject({ password: '[redacted]', token: '[redacted]', authorization: '[redacted]' });
  });

  it('censors payment card fields by name: the form, a logged body and the provider card', () => {
    const { logger, lines, parsed } = capture();
    const form = {
      card_holder_name: 'Jane Doe',
      card_no: '4242424242424242',
      expiry_date: '12/34',
      cvv: '123',
    };
    logger.info(form, 'form');
    logger.info({ body: { ...form, plan_id: 3 } }, 'body');
    logger.info({ cardNo: '4000 0000 0000 0002', cvv: '987', expiryDate: '01/2031' }, 'camel');
    const card = { holderName: 'Jane Doe', number: '4000000000009995', expiry: '12/34', cvv: '456' };
    logger.info({ card, amountCents: 999 }, 'charge');
    logger.info({ body: { card } }, 'nested charge');

    const text = lines.join('\n');
    // The numbers anywhere in the lines; the short CVVs and expiries (a timestamp may hold their
    // digits) by their fields below.
    for (const number of ['4242424242424242', '4000 0000 0000 0002', '4000000000009995'])
      expect(text).not.toContain(number);
    const [top, body, camel, charge, nested] = parsed();
    expect(top).toMatchObject({
      card_no: '[redacted]',
      cvv: '[redacted]',
      expiry_date: '[redacted]',
      card_holder_name: 'Jane Doe',
    });
    expect(body.body).toMatchObject({
      card_no: '[redacted]',
      cvv: '[redacted]',
      expiry_date: '[redacted]',
      plan_id: 3,
    });
    expect(camel).toMatchObject({ cardNo: '[redacted]', cvv: '[redacted]', expiryDate: '[redacted]' });
    expect(charge).toMatchObject({ card: '[redacted]', amountCents: 999 });
    expect(nested.body).toEqual({ card: '[redacted]' });
  });
});

describe('where the lines go', () => {
  /** A stream that collects what it is given, a terminal or not. */
  function sink(isTTY: boolean) {
    const chunks: string[] = [];
    const stream = Object.assign(
      new Writable({
        write(chunk: Buffer, _encoding, done) {
          chunks.push(chunk.toString('utf8'));
          done();
        },
      }),
      { isTTY },
    );
    return { stream, text: () => chunks.join('') };
  }

  it('keeps JSON lines when the output is not a terminal', () => {
    expect(logDestination(sink(false).stream)).toBeUndefined();
  });

  it('prints readable lines at a terminal, still redacted', () => {
    const out = sink(true);
    const logger = createLogger('info', logDestination(out.stream));
    logger.info({ password: 'hunter2-secret', url: `/watch/${TOKEN}` }, 'signed in sam@recipient.test');
    const text = out.text();
    expect(text).toContain('INFO');
    expect(text).toContain('/watch/[redacted]');
    expect(text).not.toContain('hunter2-secret');
    expect(text).not.toContain(TOKEN);
    expect(text).not.toContain('sam@recipient.test');
    expect(() => JSON.parse(text.split('\n')[0]!)).toThrow();
  });
});
