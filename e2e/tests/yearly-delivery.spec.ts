import { expect, test } from '@playwright/test';
import { signUpUser } from '../support/accounts';
import { signInBrowser } from '../support/browser';
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

  await page.goto(`/user/profile/drafts?video=${video.id}`);
  await page.getByRole('button', { name: 'Change folder' }).click();
  let dialog = page.getByRole('dialog', { name: 'Change Folder' });
  await dialog.getByLabel('Move this video to').selectOption('scheduled');
  await dialog.getByRole('button', { name: 'Next' }).click();
  dialog = page.getByRole('dialog', { name: 'Schedule delivery' });
  await dialog.getByLabel('Recipient e-mail').fill('daughter@example.com');
  await dialog.getByLabel('Date').fill(`${year}-03-12`);
  await dialog.getByLabel('Time').fill('09:30');
  await dialog.getByLabel('Repeat').selectOption('yearly');
  await dialog.getByLabel('Until (year, optional)').fill(String(year + 9));
  await dialog.getByRole('button', { name: 'Schedule' }).click();
  dialog = page.getByRole('dialog', { name: 'Video moved and scheduled' });
  await dialog.getByRole('button', { name: 'Ok' }).click();

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
