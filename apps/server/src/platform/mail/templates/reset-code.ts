import { render, type RenderedMail } from './layout';

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
