import { z } from 'zod';
import { render, type RenderedMail } from '../../platform/mail/templates';
import { defineMail } from '../../platform/mail/define';

/** The e-mail that carries a password-reset code. */
export function resetCodeMail(input: { firstName: string | null; code: string; validMinutes: number }) {
  return render({
    subject: 'Your Parting Words verification code',
    name: input.firstName,
    blocks: [
      { paragraph: 'Your Parting Words verification code is' },
      { code: input.code },
      { paragraph: `It is valid for ${input.validMinutes} minutes and can be used once.` },
      {
        paragraph:
          'If you did not ask to reset your password, you can ignore this e-mail: your password stays as it is.',
      },
    ],
  }) satisfies RenderedMail;
}

/** Sent at once: the code lives in the mail alone (the row keeps no params). */
export const resetCodeMailKind = defineMail({
  kind: 'reset-code',
  params: z.object({ firstName: z.string().nullable(), code: z.string(), validMinutes: z.number() }),
  compose: (params) => resetCodeMail(params),
});

/** Every mail of the module, registered by its AppModule (`bindMails`). */
export const accountsMails = [resetCodeMailKind];
