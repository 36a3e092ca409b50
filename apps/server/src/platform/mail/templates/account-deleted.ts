import { render, type RenderedMail } from './layout';

/** The confirmation that an account was deleted (decision 0243), sent after the deletion committed. */
export function accountDeletedMail(input: { firstName: string | null }): RenderedMail {
  return render({
    subject: 'Your Parting Words account has been deleted',
    name: input.firstName,
    blocks: [
      { paragraph: 'Your Parting Words account has been deleted, as you asked.' },
      {
        paragraph:
          'Your videos, scheduled deliveries, profile and other personal data have been removed, and no scheduled message will be sent. Records of your payments are kept, without your name or e-mail, because the law requires us to keep our accounts.',
      },
      { paragraph: 'If you did not ask for this, please contact us.' },
    ],
  });
}
