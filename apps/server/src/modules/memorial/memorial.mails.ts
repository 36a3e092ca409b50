import { z } from 'zod';
import { render, whenText, type RenderedMail } from '../../platform/mail/templates';
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

  /** The retention will delete the page with the account: its moderators have a month to keep what they want. */
  retentionNotice(i: { name: string | null; pageName: string; deleteOn: Date }): RenderedMail {
    return render({
      subject: 'A memorial page you look after will be deleted',
      name: i.name,
      blocks: [
        {
          paragraph: `The account of ${i.pageName} has reached the end of the time we keep it. On ${whenText(i.deleteOn)}, it is deleted, and with it the memorial page you look after and its guestbook.`,
        },
        {
          paragraph:
            'If you would like to keep the messages or the photos, please save them before then. If you think the page should stay, please write to us through the contact page.',
        },
      ],
    });
  },
};

export const memorialTakenDownMail = defineMail({
  kind: 'memorial.taken-down',
  params: z.object({ name: z.string().nullable(), pageName: z.string(), reason: z.string() }),
  compose: async (p) => memorialWording.takenDown(p),
});

/** Queued with the retention's notice to the owner's account (its transaction); `deleteOn` is ISO. */
export const memorialRetentionMail = defineMail({
  kind: 'memorial.retention-notice',
  params: z.object({ name: z.string().nullable(), pageName: z.string(), deleteOn: z.string() }),
  compose: async (p) =>
    memorialWording.retentionNotice({ name: p.name, pageName: p.pageName, deleteOn: new Date(p.deleteOn) }),
});

export const memorialMails = [memorialTakenDownMail, memorialRetentionMail];
