import { z } from 'zod';
import { render, type RenderedMail } from '../../platform/mail/templates';
import { defineMail } from '../../platform/mail/define';

/**
 * The e-mail copy of an in-app notification: its title as the subject (the platform's own words), its
 * body, the page it is about when it names one, and the way to the notifications page.
 */
export function notificationMail(input: {
  firstName: string | null;
  title: string;
  body: string;
  action: { label: string; url: string } | null;
  notificationsUrl: string;
}): RenderedMail {
  return render({
    subject: input.title,
    name: input.firstName,
    blocks: [
      { paragraph: input.body },
      ...(input.action ? [{ link: input.action }] : []),
      { link: { label: 'See your notifications', url: input.notificationsUrl } },
    ],
  });
}

/** The e-mail copy of a notification, sent at once by its job. */
export const notificationMailKind = defineMail({
  kind: 'notification',
  params: z.object({
    firstName: z.string().nullable(),
    title: z.string(),
    body: z.string(),
    action: z.object({ label: z.string(), url: z.string() }).nullable(),
    notificationsUrl: z.string(),
  }),
  compose: (params) => notificationMail(params),
});

/** Every mail of the module, registered by its AppModule (`bindMails`). */
export const notificationsMails = [notificationMailKind];
