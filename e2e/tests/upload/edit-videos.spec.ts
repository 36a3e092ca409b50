import { signUpUser } from '../../support/accounts';
import { signInBrowser } from '../../support/browser';
import { clipFile } from '../../support/clips';
import { expect, test } from '../../support/csp';

/**
 * The profile's edit-videos address (docs/product.md §13.3) opens the clips being edited, kept in the browser
 * under editVideos, in the upload screen's editor: left on the upload page, found again from the profile.
 */
test('reopens the clips being edited at /user/profile/edit-videos after the page was left', async ({
  page,
  request,
}) => {
  const clip = clipFile({ name: 'still-editing.mp4', color: 'red', seconds: 2 });
  await signInBrowser(page, await signUpUser(request));

  await page.goto('/user/profile/edit-videos');
  await expect(page.getByRole('heading', { name: 'Upload Your Video' })).toBeVisible();
  await page.getByTestId('choose-files-input').setInputFiles([clip]);
  await expect(page.getByTestId('clip-card')).toHaveCount(1);

  await page.goto('/user/profile');
  await page.goto('/user/profile/edit-videos');
  await expect(page.getByRole('heading', { name: 'Edit your video' })).toBeVisible();
  await expect(page.getByTestId('clip-card')).toHaveAttribute('data-name', 'still-editing.mp4');
  await expect(page.getByTestId('total-length')).toContainText('Total length 0:02');
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('editVideos') ?? '[]'));
  expect(stored).toMatchObject([{ name: 'still-editing.mp4' }]);
});
