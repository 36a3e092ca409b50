import { z } from 'zod';
import { render } from '../../platform/mail/templates';
import { defineMail } from '../../platform/mail/define';

/** The memorial's e-mails: sent at once to its moderators, so the params carry what they say. */
export const MEMORIAL_SUBJECTS = {
  takenDown: 'A memorial page has been taken down',
} as const;

export const memorialTakenDownMail = defineMail({
  kind: 'memorial.taken-down',
  params: z.object({ name: z.string().nullable(), pageName: z.string(), reason: z.string() }),
  compose: async (p) =>
    render({
      subject: MEMORIAL_SUBJECTS.takenDown,
      name: p.name,
      blocks: [
        {
          paragraph: `Our team has taken down the memorial page of ${p.pageName}, which you look after. It can no longer be visited, and its guestbook is closed.`,
        },
        { paragraph: `The reason given: ${p.reason}` },
        { paragraph: 'If you think this is a mistake, please write to us through the contact page.' },
      ],
    }),
});

export const memorialMails = [memorialTakenDownMail];
