import { expect, test } from '../support/test';
import { ADMIN } from '../playwright.config';
import { PASSWORD, signUpUser, uniqueEmail } from '../support/accounts';
import { signInBrowser } from '../support/browser';
import { logout, readResetCode, tinyPng } from './support';

test('a visitor signs up as a user, skips the plans, logs out, signs in, and resets the password', async ({
  page,
}) => {
  const email = uniqueEmail('ruth');
  await page.goto('/user/signup');
  await expect(page).toHaveTitle('Parting Words | Sign Up');
  await page.locator('#first_name').fill('Ruth');
  await page.locator('#last_name').fill('Okafor');
  await page.locator('#email').fill(email);
  await page.locator('#phone').fill('5550100');
  await page.locator('#date_of_birth').fill('1950-03-14');
  await page.locator('#address').fill('1 Elm Street');
  await page.locator('#password').fill(PASSWORD);
  await page.locator('#password_confirmation').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign Up' }).click();

  await expect(page).toHaveURL(/\/user\/subscription-plans$/);
  await expect(page.getByRole('heading', { name: 'Subscription Plans' })).toBeVisible();
  // A fresh install offers its default plans (docs/product.md §7.1): the categories are listed.
  await expect(page.getByRole('heading', { name: 'Membership' })).toBeVisible();
  await page.getByRole('link', { name: 'Skip', exact: true }).click();
  await expect(page).toHaveURL(/\/user\/home$/);
  // The user home is the reel of public videos (web library), greeting the person by name.
  await expect(page.getByRole('heading', { level: 1, name: 'Parting Words' })).toBeVisible();
  await expect(page.getByText('Welcome, Ruth.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Upload Your Video' })).toBeVisible();

  await logout(page);
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.length)).toBe(0);

  // Sign in again.
  await page.locator('#login-email').fill(email);
  await page.locator('#login-password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/user\/subscription-plans$/);
  await logout(page);
  await expect(page).toHaveURL(/\/login$/);

  // Forgot password: e-mail, code from the outbox, new password, the success dialog, then login.
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('heading', { name: 'Forgot Password' })).toBeVisible();
  const cont = page.getByRole('button', { name: 'Continue' });
  await expect(cont).toBeDisabled();
  await page.locator('#forgot-email').fill(email);
  await cont.click();
  await expect(page.getByRole('heading', { name: 'Verification Code' })).toBeVisible();
  const code = await readResetCode(email);
  await page.locator('#reset-code').fill(code);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'New Password' })).toBeVisible();
  const newPassword = 'Morning-light-77';
  const update = page.getByRole('button', { name: 'Update' });
  await page.locator('#new-password').fill(newPassword);
  await page.locator('#confirm-password').fill('something-else');
  await expect(update).toBeDisabled();
  await page.locator('#confirm-password').fill(newPassword);
  await update.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Your password has been reset. Please login to continue');
  await dialog.getByRole('button', { name: 'Ok' }).click();
  await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();

  await page.locator('#login-email').fill(email);
  await page.locator('#login-password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'These credentials do not match our records.' }),
  ).toBeVisible();
  await page.locator('#login-password').fill(newPassword);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/user\/subscription-plans$/);
});

test('sign-up shows the server’s field errors under each field', async ({ page }) => {
  await page.goto('/user/signup');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.locator('#first_name-error')).toHaveText('The first name field is required.');
  await expect(page.locator('#email-error')).not.toBeEmpty();
  await expect(page).toHaveURL(/\/user\/signup$/);
});

test('a funeral home signs up with a photo and lands in its area', async ({ page }) => {
  await page.goto('/user/signup');
  await page.getByRole('link', { name: 'Funeral Home' }).click();
  await expect(page).toHaveURL(/\/funeral\/signup$/);
  // The visitor header's sign-up button follows the funeral path.
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign Up' })).toHaveAttribute(
    'href',
    '/funeral/signup',
  );
  await page.locator('#home_name').fill('Willow Funeral Home');
  await page.locator('#first_name').fill('Grace');
  await page.locator('#last_name').fill('Hill');
  await page.locator('#email').fill(uniqueEmail('willow'));
  await page.locator('#phone').fill('5550199');
  await page.locator('#address').fill('9 Chapel Road');
  await page.locator('#password').fill(PASSWORD);
  await page.locator('#password_confirmation').fill(PASSWORD);
  await page
    .locator('#photo')
    .setInputFiles({ name: 'photo.txt', mimeType: 'text/plain', buffer: Buffer.from('hi') });
  await expect(page.getByText('Only image files (jpg, png, gif, webp, svg) are allowed.')).toBeVisible();
  await page.locator('#photo').setInputFiles({ name: 'home.png', mimeType: 'image/png', buffer: tinyPng });
  await expect(page.getByAltText('Selected: home.png')).toBeVisible();
  await page.getByRole('button', { name: 'Sign Up' }).click();

  await expect(page).toHaveURL(/\/funeral\/subscription-plans$/);
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'User Requests' })).toBeAttached();
  await page.goto('/funeral/profile');
  await expect(page.getByRole('heading', { name: 'My Profile' })).toBeVisible();
  await expect(page.getByText('Willow Funeral Home').first()).toBeVisible();
  await expect(page.getByRole('img', { name: 'Photo of Grace Hill' })).toBeVisible();
});

test('an admin signs in and reaches the dashboard', async ({ page }) => {
  await page.goto('/admin/login');
  await expect(page).toHaveTitle('Parting Words | Admin Login');
  await page.locator('#login-email').fill(ADMIN.email);
  await page.locator('#login-password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  // The back office's sections, Memorial Pages among them.
  const sections = page.getByRole('navigation', { name: 'Back office sections' });
  await expect(sections.getByRole('link')).toHaveCount(12);
  await expect(sections.getByRole('link', { name: 'Memorial Pages' })).toHaveAttribute(
    'href',
    '/admin/memorial-pages',
  );
  // Public-only: the admin login page sends a signed-in admin back to the dashboard.
  await page.goto('/admin/login');
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.goto('/admin/no-such-screen');
  await expect(page.getByText('404')).toBeVisible();
  await logout(page);
  await expect(page).toHaveURL(/\/admin\/login$/);
});

test('a signed-in user is kept to the user area', async ({ page, request }) => {
  const session = await signUpUser(request);
  await signInBrowser(page, session);
  await page.goto('/admin/dashboard');
  await expect(page).toHaveURL(/\/user$/);
  await page.goto('/funeral/user-requests');
  await expect(page).toHaveURL(/\/user$/);
  await page.goto('/login');
  await expect(page).toHaveURL(/\/user$/);
  await page.goto('/user/nothing-here');
  await expect(page.getByText('404')).toBeVisible();
});

test('a visitor is sent to the right login page', async ({ page }) => {
  await page.goto('/user/profile');
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/admin/user-management');
  await expect(page).toHaveURL(/\/admin\/login$/);
});

test('a user edits the profile and changes the password', async ({ page, request }) => {
  const session = await signUpUser(request, { last_name: 'Okafor' });
  await signInBrowser(page, session);
  await page.goto('/user/profile');
  await expect(page.getByText(session.user.email)).toBeVisible();
  await page.getByRole('link', { name: 'My Profile Details' }).click();
  await page.getByRole('link', { name: 'Edit Profile' }).click();
  await expect(page).toHaveURL(/\/user\/profile\/edit$/);
  await page.locator('#first_name').fill('Ruthie');
  await page.locator('#map_link').fill('https://maps.example/elm');
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByRole('dialog')).toContainText('Your profile has been updated.');
  await page.getByRole('dialog').getByRole('button', { name: 'Ok' }).click();
  await expect(page).toHaveURL(/\/user\/profile\/details$/);
  // The header reads the refreshed session record.
  await expect(page.getByRole('button', { name: /Account menu for Ruthie Okafor/ })).toBeVisible();

  await page.getByRole('link', { name: 'Change Password' }).click();
  const update = page.getByRole('button', { name: 'Update' });
  await expect(update).toBeDisabled();
  await page.locator('#currentPassword').fill('not-my-password');
  await page.locator('#newPassword').fill('Evening-tide-55');
  await page.locator('#confirmPassword').fill('Evening-tide-55');
  await update.click();
  await expect(page.getByText('The old password is incorrect.').first()).toBeVisible();
  await page.locator('#currentPassword').fill(PASSWORD);
  await update.click();
  await expect(page.getByRole('dialog')).toContainText('Your password has been changed.');
});

test('an admin edits the profile with the country picker and the header follows', async ({ page }) => {
  await page.goto('/admin/login');
  await page.locator('#login-email').fill(ADMIN.email);
  await page.locator('#login-password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('link', { name: 'My Profile' }).click();
  await expect(page).toHaveURL(/\/admin\/profile$/);
  await page.getByRole('link', { name: 'Edit Profile' }).click();
  const country = page.getByRole('combobox', { name: 'Country calling code' });
  await expect(country).toHaveValue(/^(US|GB)$/);
  await country.selectOption('GB');
  await page.locator('#phone').fill('20 7946-0958 and more digits 123456');
  await expect(page.locator('#phone')).toHaveValue('207946095812345');
  // The first admin has no name until one is given (no ADMIN_NAME here, docs/product.md §13.5).
  await expect(page.locator('#first_name')).toHaveValue('');
  await page.locator('#first_name').fill('Morgan');
  await page.locator('#last_name').fill('Reyes');
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByRole('dialog')).toContainText('Your profile has been updated.');
  await page.getByRole('dialog').getByRole('button', { name: 'Ok' }).click();
  await expect(page).toHaveURL(/\/admin\/profile$/);
  await expect(page.getByText('+44 207946095812345')).toBeVisible();
  await expect(page.getByRole('button', { name: /Account menu for Morgan/ })).toBeVisible();
});
