import { expect, test } from '../support/test';
import { uniqueEmail } from '../support/accounts';

test('contact us sends the message and shows the success dialog', async ({ page }) => {
  await page.goto('/contact-us');
  await expect(page).toHaveTitle('Parting Words | Contact Us');
  await page.locator('#contact-name').fill('Sam Visitor');
  await page.locator('#contact-email').fill(uniqueEmail('visitor'));
  await page.locator('#contact-subject').fill('A question about delivery');
  await page.locator('#contact-message').fill('How do I make sure my message reaches my daughter?');
  await page.getByRole('button', { name: 'Send Message' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Message Sent' })).toBeVisible();
  await expect(dialog).toContainText('Thank you for contacting us.');
  await dialog.getByRole('button', { name: 'Ok' }).click();
  await expect(page.locator('#contact-subject')).toHaveValue('');
});

test('the public pages have their titles, and the policy its headings', async ({ page }) => {
  for (const [path, title] of [
    ['/about', 'About'],
    ['/terms', 'Terms and Conditions'],
    ['/policy', 'Privacy Policy'],
    ['/login', 'Login'],
  ]) {
    await page.goto(path!);
    await expect(page).toHaveTitle(`Parting Words | ${title}`);
  }
  await page.goto('/policy');
  // toHaveText retries until the lazily loaded page has rendered.
  await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveText([
    'Introduction',
    'Information We Collect',
    'How We Use Your Information',
    'Data Storage and Security',
    'Legacy Delivery After Death',
    'Use of Third-Party Services',
    'User Control and Data Management',
    'Age Restrictions',
    'Data Retention',
    'Legal Disclosures',
    'Device Permissions',
    'International Use',
    'Changes to This Policy',
    'Contact Us',
  ]);
  await expect(page.getByRole('main').getByRole('link', { name: /@/ })).toBeVisible();
  // Data Retention states the server's configured period (RETENTION_DAYS, 365 by default) and notices.
  const retention = page.getByRole('region', { name: 'Data Retention' });
  await expect(retention).toContainText('we keep its data for 365 days after the deactivation');
  await expect(retention).toContainText('We e-mail you 30 and 7 days before that day.');
});

test.describe('at 360 px wide', () => {
  test.use({ viewport: { width: 360, height: 800 } });

  test('the home page has no horizontal scroll and its menu opens by keyboard', async ({ page }) => {
    await page.goto('/home');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const widths = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      client: document.documentElement.clientWidth,
    }));
    expect(widths.scroll).toBeLessThanOrEqual(widths.client);

    const toggle = page.getByRole('button', { name: 'Open menu' });
    const contact = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Contact Us' });
    await expect(contact).toBeHidden();
    for (let i = 0; i < 6 && !(await toggle.evaluate((el) => el === document.activeElement)); i += 1) {
      await page.keyboard.press('Tab');
    }
    await expect(toggle).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
    await expect(contact).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home', exact: true }),
    ).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(contact).toBeHidden();
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();
  });
});

test('a page whose code cannot be fetched says so, and Try again loads it once it can', async ({ page }) => {
  // A lazy page that fails to load is a router error.
  await page.route('**/assets/AboutPage-*.js', (route) => route.abort());
  await page.goto('/about');
  await expect(page.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeVisible();
  await expect(page.getByRole('main')).toContainText(
    'This page could not be downloaded. Check your connection, then try again.',
  );
  await page.unroute('**/assets/AboutPage-*.js');
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page).toHaveTitle('Parting Words | About');
  await expect(page.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeHidden();
});
