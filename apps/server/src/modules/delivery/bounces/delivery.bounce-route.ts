import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { deliveryRoutes } from '@pw/contracts';
import { createRouter } from '../../../platform/http/route';
import { notFound, unauthorized, validationFailed } from '../../../platform/errors';
import type { BounceResult } from './delivery.bounces';

/** A report with the message it returns fits well within this; anything larger is refused (413). */
export const BOUNCE_BODY_LIMIT = 256 * 1024;

/** How a mail server's pipe hands over the raw message. */
const RAW_MESSAGE_TYPES = ['message/rfc822', 'text/plain', 'application/octet-stream'];

export const NOT_A_REPORT = 'The body is not a delivery status notification (RFC 3464).';

const digest = (text: string) => createHash('sha256').update(text).digest();

/** `Authorization: Bearer <secret>`, compared in constant time. */
function holdsSecret(request: FastifyRequest, secret: string): boolean {
  const given = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '')?.[1];
  return given !== undefined && timingSafeEqual(digest(given), digest(secret));
}

/**
 * The envelope recipient as the pipe hands it over: `X-Original-To` on the call (the mail server's
 * original recipient, e.g. Postfix's `$ORIGINAL_RECIPIENT`; docs/operations.md). One value only.
 */
function envelopeRecipientOf(request: FastifyRequest): string | null {
  const value = request.headers['x-original-to'];
  return typeof value === 'string' && value.trim() ? value.trim() : null;
}

/**
 * `POST /api/mail/bounces` (decision 0385). In a scope of its own, so its raw-message body parsers
 * touch no other route. The secret is checked as the request arrives, before a byte of the body is
 * read: without a configured secret the call does not exist (404), with a wrong one it is 401.
 */
export async function registerBounceRoute(
  app: FastifyInstance,
  deps: {
    secret: () => string | undefined;
    /** `envelopeRecipient`: the address the mail server received the report for (the pipe's header). */
    apply: (raw: Buffer, envelopeRecipient: string | null) => Promise<BounceResult | null>;
  },
) {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      RAW_MESSAGE_TYPES,
      { parseAs: 'buffer', bodyLimit: BOUNCE_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );
    // Public as far as accounts go: the mail server's secret is the credential.
    createRouter(scope, () => undefined).route(
      deliveryRoutes.bounceReport,
      async ({ request }) => {
        const raw = request.body;
        if (!Buffer.isBuffer(raw) || raw.length === 0) throw validationFailed({ body: [NOT_A_REPORT] });
        const result = await deps.apply(raw, envelopeRecipientOf(request));
        if (!result) throw validationFailed({ body: [NOT_A_REPORT] });
        const { otherMails, ...counts } = result;
        request.log.info({ bounceReport: result }, 'bounce report received');
        return { message: 'Report received.', data: { ...counts, other_mails: otherMails } };
      },
      {
        fastify: {
          bodyLimit: BOUNCE_BODY_LIMIT,
          onRequest: async (request) => {
            const secret = deps.secret();
            if (!secret) throw notFound();
            if (!holdsSecret(request, secret)) throw unauthorized();
          },
        },
      },
    );
  });
}
