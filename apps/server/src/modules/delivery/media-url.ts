/**
 * The watch page's media URLs are the video module's signed, expiring URLs (a `<video>` element cannot
 * send a bearer header); one signing scheme, served by `GET /api/media/v/*`.
 */
export { signedMediaUrl } from '../../platform/http/signed-url';
