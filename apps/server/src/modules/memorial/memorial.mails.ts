import { z } from 'zod';
import { render, type RenderedMail } from '../../platform/mail/templates';
import { defineMail } from '../../platform/mail/define';

/** The memorial's e-mails: sent at once to its moderators, so the params carry what they say. */
export const memorialWording = {
  takenDown(i: { name: string | null; pageName: string; reason: string }): RenderedMail {
    return render({
      subject: 'A memorial page has been taken down',
      name: i.name,
      blocks: [
        {
          paragraph: `Our team has taken down the memorial page of ${i.pageName}, which you look after. It can no longer be visited, and its guestbook is closed.`,
        },
        { paragraph: `The reason given: ${i.reason}` },
        { paragraph: 'If you think this is a mistake, please write to us through the contact page.' },
      ],
    });
  },
};

export const memorialTakenDownMail = defineMail({
  kind: 'memorial.taken-down',
  params: z.object({ name: z.string().nullable(), pageName: z.string(), reason: z.string() }),
  compose: async (p) => memorialWording.takenDown(p),
});

export const memorialMails = [memorialTakenDownMail];
