import type { z } from 'zod';
import type { RenderedMail } from './templates/layout';

/** Whom a mail goes to and what it is about: the outbox row's own columns, given to `compose`. */
export interface Envelope {
  to: string;
  accountId: number | null;
  ref: string | null;
}

/**
 * One kind of e-mail, declared once in the module that sends it (`modules/<m>/<m>.mails.ts`), as a
 * queue is: its kind (the outbox row's `kind`, stored: never renamed while rows may wait), its params'
 * schema and how it is written. `params` is what the outbox row keeps for a mail sent later: ids and
 * names, never a token or a code (those are made in `compose` and live in the mail alone); a mail sent
 * at once keeps none of it. `compose` answers null when nothing is left to say (the row is dropped);
 * `Ctx` is what the module hands it (`bindMails`): its repo, its secret, its address.
 */
export interface MailDefinition<Kind extends string, Schema extends z.ZodType, Ctx> {
  kind: Kind;
  params: Schema;
  compose(
    params: z.output<Schema>,
    ctx: Ctx,
    envelope: Envelope,
  ): RenderedMail | null | Promise<RenderedMail | null>;
}

/** `<module>` or `<module>.<what>`, lower case: the Message-ID is made of it. */
const MAIL_KIND = /^[a-z]+(?:-[a-z]+)*(?:\.[a-z]+(?:-[a-z]+)*)?$/;

/** Declares an e-mail kind (see `MailDefinition`); the module registers it in its AppModule's `mails`. */
export function defineMail<const Kind extends string, Schema extends z.ZodType, Ctx = unknown>(
  spec: MailDefinition<Kind, Schema, Ctx>,
): MailDefinition<Kind, Schema, Ctx> {
  if (!MAIL_KIND.test(spec.kind))
    throw new Error(`Mail kind ${spec.kind} is not <module>[.<what>] in lower case.`);
  return spec;
}

/** An e-mail's kind and its params, checked against its definition's schema by the compiler. */
export interface MailContent {
  readonly kind: string;
  readonly params: unknown;
}

/**
 * The content of one e-mail of `mail`'s kind: params of another shape do not compile, and the outbox
 * checks them again against the schema of the kind it has registered (a cast cannot slip one through).
 */
export function mailOf<Schema extends z.ZodType>(
  mail: MailDefinition<string, Schema, never>,
  params: z.input<Schema>,
): MailContent {
  return { kind: mail.kind, params };
}

/** A registered kind: its definition bound to what its module handed it. */
export interface MailTemplate {
  kind: string;
  params: z.ZodType;
  compose(params: unknown, envelope: Envelope): Promise<RenderedMail | null>;
}

/** A module's mails bound to what their `compose` needs, for its AppModule's `mails` (like `handle`). */
export function bindMails<Ctx>(
  ctx: Ctx,
  mails: Array<MailDefinition<string, z.ZodType, Ctx>>,
): MailTemplate[] {
  return mails.map((mail) => ({
    kind: mail.kind,
    params: mail.params,
    compose: async (params, envelope) => mail.compose(params, ctx, envelope),
  }));
}

/** What the composition root reads of a module to register its mails. */
export interface MailsOwner {
  name: string;
  mails?: MailTemplate[];
}

/**
 * Every kind is registered by one module only: a second one stops the start (every process), as a queue
 * defined twice does. Answers the kinds, for the outbox.
 */
export function checkMails(owners: MailsOwner[]): Map<string, MailTemplate> {
  const templates = new Map<string, MailTemplate>();
  const owner = new Map<string, string>();
  for (const { name, mails } of owners)
    for (const mail of mails ?? []) {
      const other = owner.get(mail.kind);
      if (other)
        throw new Error(`Mail kind ${mail.kind} is registered twice (modules ${other} and ${name}).`);
      owner.set(mail.kind, name);
      templates.set(mail.kind, mail);
    }
  return templates;
}
