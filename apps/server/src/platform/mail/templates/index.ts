/**
 * The one layout every e-mail is written in, and its escaping. The wording of each kind is its module's
 * (`modules/<m>/<m>.mails.ts`, `defineMail` in ../define.ts).
 */
export { render, whenText, type RenderedMail, type Letter, type Block } from './layout';
export { escapeHtml } from './escape';
export { hello } from './greeting';
