import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * The Content-Security-Policy of every answer (docs/decisions/0100-security-headers.md). The product
 * loads nothing from other hosts, so everything is 'self'; `blob:` is the recorder's and the upload
 * screen's own clips played before upload, `data:` Bootstrap's inline SVG images. No inline script and
 * no inline style: Vite's build has none, and React sets `style` props through the DOM (allowed).
 */
export const CONTENT_SECURITY_POLICY: Record<string, string[]> = {
  'default-src': ["'self'"],
  'base-uri': ["'self'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'media-src': ["'self'", 'blob:'],
  'font-src': ["'self'"],
  'connect-src': ["'self'"],
  'worker-src': ["'self'"],
  'object-src': ["'none'"],
  'frame-src': ["'none'"],
  'frame-ancestors': ["'none'"],
  'form-action': ["'self'"],
};

/**
 * The API reference (/api/docs, Swagger UI) injects a `<style>` element at run time: only there are
 * inline styles allowed; its scripts stay 'self'. The page shows no user content.
 */
export const API_DOCS_CONTENT_SECURITY_POLICY = {
  ...CONTENT_SECURITY_POLICY,
  'style-src': ["'self'", "'unsafe-inline'"],
};

/** One year: the usual HSTS lifetime; subdomains are the operator's call on the parent domain. */
const HSTS_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/**
 * Helmet on every route, the web app, the API, media and error answers alike. HSTS and
 * `upgrade-insecure-requests` only when PUBLIC_URL is https: on plain http (the embedded setup on
 * localhost) they would pin browsers to an https that is not there.
 *
 * Helmet itself, built once: @fastify/helmet rebuilt the whole middleware (the CSP parsed and checked
 * again) on every request, about 20 µs of each call (docs/operations.md §Request pipeline). The headers are
 * the same.
 */
export async function registerSecurityHeaders(app: FastifyInstance, publicUrl: string): Promise<void> {
  const https = new URL(publicUrl).protocol === 'https:';
  const setHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: { ...CONTENT_SECURITY_POLICY, ...(https ? { 'upgrade-insecure-requests': [] } : {}) },
    },
    // A watch link, a signed media URL or an access code must not leak to anyone through Referer.
    referrerPolicy: { policy: 'no-referrer' },
    xFrameOptions: { action: 'deny' },
    strictTransportSecurity: https ? { maxAge: HSTS_MAX_AGE_SECONDS, includeSubDomains: false } : false,
  });
  // onRequest, before any route or error handler: every answer carries them, and a route may still
  // replace one (the API reference's own CSP).
  app.addHook('onRequest', (request, reply, done) => {
    setHeaders(request.raw, reply.raw, (error) => done(error instanceof Error ? error : undefined));
  });
}
