import { expect, test } from '../support/test';
import { DELIVERY_MESSAGES } from '@pw/contracts';
import { signUpUser } from '../support/accounts';
import { signInBrowser } from '../support/browser';
import { listFolder, tomorrow, uploadDraft } from '../support/videos';

test.describe('a second address for a scheduled delivery', () => {
  test('the schedule dialog takes it, refuses the recipient itself, and the video shows it', async ({
    page,
    request,
  }) => {
    const owner = await signUpUser(request, { first_name: 'Second' });
    const video = await uploadDraft(request, owner, 'For my brother');
    await signInBrowser(page, owner);

    await page.goto(`/user/profile/drafts?video=${video.id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'For my brother' })).toBeVisible();
    await page.getByRole('button', { name: 'Change folder' }).click();
    let dialog = page.getByRole('dialog', { name: 'Change Folder' });
    await dialog.getByLabel('Move this video to').selectOption('scheduled');
    await dialog.getByRole('button', { name: 'Next' }).click();

    dialog = page.getByRole('dialog', { name: 'Schedule delivery' });
    await dialog.getByLabel('Recipient e-mail').fill('brother@example.com');
    await dialog.getByLabel('Date').fill(tomorrow());
    await dialog.getByLabel('Time').fill('09:30');
    const second = dialog.getByLabel(DELIVERY_MESSAGES.fallbackLabel);
    await expect(dialog.getByText(DELIVERY_MESSAGES.fallbackHint)).toBeVisible();
    await second.fill('Brother@example.com');
    await dialog.getByRole('button', { name: 'Schedule' }).click();
    await expect(dialog.getByText(DELIVERY_MESSAGES.fallbackSameAsRecipient)).toBeVisible();
    await expect(second).toHaveAttribute('aria-invalid', 'true');

    await second.fill('sister-in-law@example.com');
    await dialog.getByRole('button', { name: 'Schedule' }).click();
    dialog = page.getByRole('dialog', { name: 'Video moved and scheduled' });
    await dialog.getByRole('button', { name: 'Ok' }).click();
    // The dialog names the second address too: the card's line is read once the dialog has gone.
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`/user/profile/scheduled\\?video=${video.id}$`));
    await expect(page.getByText('If it cannot be delivered, it goes to')).toContainText(
      'sister-in-law@example.com',
    );

    // The server keeps it with the delivery, and Change time starts from it.
    const scheduled = (await listFolder(request, owner, 'scheduled')).find((item) => item.id === video.id);
    expect(scheduled?.delivery).toMatchObject({
      status: 'pending',
      recipient_email: 'brother@example.com',
      fallback_email: 'sister-in-law@example.com',
    });
    await page.getByRole('button', { name: 'Change time' }).click();
    await page.getByRole('dialog', { name: 'Change time' }).getByRole('button', { name: 'Yes' }).click();
    dialog = page.getByRole('dialog', { name: 'Change time' });
    await expect(dialog.getByLabel(DELIVERY_MESSAGES.fallbackLabel)).toHaveValue('sister-in-law@example.com');
  });
});
