import { expect, test } from '../support/test';
import {
  ACCESS_REVOKED,
  PUBLISHABLE_ONCE_CONFIRMED,
  PUBLISH_AFTER_PASSING,
  REQUEST_HAS_NO_VIDEO,
  funeralHomeRoutes,
} from '@pw/contracts';
import { signUpUser } from '../support/accounts';
import { callApi } from '../support/api';
import { expectPlays, pageFor } from '../support/browser';
import { homeRequests } from '../support/consent';
import { finalMessage, listedHome } from '../support/funeral-homes';
import { expectNoHorizontalOverflow } from '../support/payments';
import { axeViolations } from './notifications/helpers';

/**
 * A final message is published only after its author's passing, and its owner keeps the say over who
 * holds it: the owner grants a listed home access to their sealed message (the grant page says what the
 * home may do and when); the home watches it but is told it can publish it once the passing is
 * confirmed (and the server refuses with 423); the owner sees the grant under 'Who has access' and
 * revokes it; the home no longer sees the video.
 */

const tag = () => Date.now().toString(36);

test('owner grants a home a sealed final message; the home cannot publish it yet; the owner revokes; the home no longer sees it', async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const homeName = `Hawthorn Funeral Home ${tag()}`;
  const home = await listedHome(request, homeName);
  const owner = await signUpUser(request, { first_name: 'Mabel' });
  const title = `Sealed words ${tag()}`;
  const message = await finalMessage(request, owner, title, { sealed: true });

  // The owner, on a phone: the message's page offers no 'Make public' and nobody holds access yet.
  const ownerPage = await pageFor(browser, owner, 360);
  await ownerPage.goto(`/user/profile/final?video=${message.id}`);
  await expect(ownerPage.getByRole('heading', { name: title })).toBeVisible();
  await expect(ownerPage.getByRole('button', { name: 'Make public' })).toHaveCount(0);
  // Its access code is the code that applies: no video code it could never use.
  await expect(ownerPage.getByText('Access code', { exact: true })).toBeVisible();
  await expect(ownerPage.getByText('Video code', { exact: true })).toHaveCount(0);
  const access = ownerPage.getByRole('region', { name: 'Who has access' });
  await expect(access).toContainText('Nobody else has access to this video.');

  // The grant page says in plain words what the home may do and when; the home is chosen by keyboard.
  await ownerPage.getByRole('link', { name: 'Grant access' }).click();
  await expect(ownerPage).toHaveURL(/\/user\/access-code\/form$/);
  await expect(ownerPage.getByRole('heading', { name: 'What the funeral home may do' })).toBeVisible();
  await expect(ownerPage.getByText(/publish it only after its author's passing is confirmed/)).toBeVisible();
  await expect(ownerPage.getByText(/can revoke this access/)).toBeVisible();
  const choice = ownerPage.getByRole('radio', { name: new RegExp(homeName) });
  await choice.focus();
  await ownerPage.keyboard.press('Space');
  await expect(choice).toBeChecked();
  await expectNoHorizontalOverflow(ownerPage);
  await ownerPage.getByRole('button', { name: 'Grant access' }).press('Enter');
  await expect(ownerPage).toHaveURL(/\/user\/access-code\/form\/request$/);
  await expect(ownerPage.getByText('Access granted.')).toBeVisible();

  // The home watches the message, and is told it can publish it once the passing is confirmed.
  const [granted] = (await homeRequests(request, home)).filter((row) => row.email === owner.user.email);
  expect(granted?.video?.id).toBe(message.id);
  const funeral = await pageFor(browser, home);
  await funeral.goto(`/funeral/user-requests/${granted!.id}`);
  await funeral.getByRole('link', { name: /Watch the video/ }).click();
  await expect(funeral.getByRole('heading', { name: title })).toBeVisible();
  await expectPlays(funeral.locator('video'));
  await expect(funeral.getByText(PUBLISHABLE_ONCE_CONFIRMED)).toBeVisible();
  await expect(funeral.getByRole('button', { name: 'Public Video' })).toHaveCount(0);
  expect(await axeViolations(funeral, 'main')).toEqual([]);
  // Asked directly, the server refuses too, and the message stays private.
  const refused = await callApi(request, funeralHomeRoutes.publish, {
    token: home.token,
    params: { id: granted!.id },
  });
  expect(refused.status()).toBe(423);
  expect(((await refused.json()) as { message: string }).message).toBe(PUBLISH_AFTER_PASSING);

  // The owner sees the grant under 'Who has access' and revokes it, after a confirmation.
  await ownerPage.goto(`/user/profile/final?video=${message.id}`);
  await expect(access).toContainText(homeName);
  await expect(access).toContainText('Has access');
  // Dates read one way everywhere: "22 November 2026 at 10:30".
  await expect(access).toContainText(/Granted on \d{1,2} [A-Z][a-z]+ \d{4} at \d\d:\d\d by Mabel/);
  await expectNoHorizontalOverflow(ownerPage);
  expect(await axeViolations(ownerPage, 'main')).toEqual([]);
  await access.getByRole('button', { name: `Revoke access of ${homeName}` }).press('Enter');
  const ask = ownerPage.getByRole('dialog', { name: 'Revoke access?' });
  await expect(ask).toContainText('will no longer be able to watch or publish this video');
  await ask.getByRole('button', { name: 'Revoke', exact: true }).click();
  const done = ownerPage.getByRole('dialog', { name: ACCESS_REVOKED });
  await expect(done).toBeVisible();
  await done.getByRole('button', { name: 'Ok' }).click();
  await expect(access).toContainText('Revoked on');
  await expect(access.getByRole('button', { name: /Revoke/ })).toHaveCount(0);

  // The home: the request no longer holds the video.
  await funeral.reload();
  await expect(funeral.getByText(REQUEST_HAS_NO_VIDEO)).toBeVisible();
  await expect(funeral.locator('video')).toHaveCount(0);
  const gone = await callApi(request, funeralHomeRoutes.requestVideo, {
    token: home.token,
    params: { id: granted!.id },
  });
  expect(gone.status()).toBe(404);
});
