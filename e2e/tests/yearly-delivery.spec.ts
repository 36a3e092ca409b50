import { expect, test } from '../support/test';
import { signUpUser } from '../support/accounts';
import { scheduleInDialog, signInBrowser } from '../support/browser';
import { getVideo, uploadDraft } from '../support/videos';

// The owner's zone decides the date and time a yearly delivery keeps (docs/product.md §5.7).
test.use({ timezoneId: 'America/New_York' });

test('schedules a yearly delivery in the dialog; the scheduled card says when it comes next', async ({
  page,
  request,
}) => {
  const owner = await signUpUser(request, { first_name: 'Yearly' });
  const video = await uploadDraft(request, owner, 'Happy birthday, every year');
  await signInBrowser(page, owner);
  const year = new Date().getFullYear() + 1;

  await scheduleInDialog(page, video.id, {
    email: 'daughter@example.com',
    date: `${year}-03-12`,
    time: '09:30',
    repeat: 'yearly',
    until: year + 9,
  });

  const line = `Every year on 12 March at 09:30 until ${year + 9} — next: 12 March ${year}`;
  // The video's page, then its card in the scheduled folder.
  await expect(page.getByText(line)).toBeVisible();
  await page.goto('/user/profile?tab=scheduled');
  await expect(page.getByRole('link', { name: /Happy birthday, every year/ })).toContainText(line);

  const delivery = (await getVideo(request, owner, video.id)).delivery!;
  expect(delivery).toMatchObject({ repeat: 'yearly', repeat_until: year + 9, status: 'pending' });
  expect(delivery.next_at).toBe(delivery.due_at);
  expect(delivery.history).toEqual([]);
});
