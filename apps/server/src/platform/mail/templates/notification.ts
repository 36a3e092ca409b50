import { render, type RenderedMail } from './layout';

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
