import { notificationRoutes, queryRoutes, routeUrl } from '@pw/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart, type TestContext } from '../../../test/helpers';
import {
  get,
  post,
  signUpFuneralHome,
  signUpUser,
  openAdminContext,
  type SignedIn,
} from '../accounts/accounts.fixtures';

/** The accounts events reach the admins' bell: a sign-up and a contact-us query each notify them. */
let ctx: TestContext;
let admin: SignedIn;
beforeAll(async () => {
  ({ ctx, admin } = await openAdminContext());
});
afterAll(() => ctx.close());

async function adminNotifications() {
  const response = await get(
    ctx,
    `${routeUrl(notificationRoutes.list)}?status=unread&per_page=50`,
    admin.token,
  );
  expect(response.statusCode).toBe(200);
  return response.json().data as { type: string; data: { title: string; body: string } }[];
}

describe('admin notifications from account events', () => {
  it('tells the admins of a new user and a new funeral home', async () => {
    const user = await signUpUser(ctx, { first_name: 'Grace', last_name: 'Hopper' });
    await signUpFuneralHome(ctx, { home_name: 'Quiet Pines' });
    const items = await adminNotifications();
    expect(items.find((item) => item.data.body.includes(user.email))).toMatchObject({
      type: 'signup.new',
      data: { title: 'New user sign-up', body: expect.stringContaining('Grace Hopper') },
    });
    // Exactly one notice per sign-up (a second subscription would double them).
    expect(items.filter((item) => item.data.body.includes(user.email))).toHaveLength(1);
    expect(items.find((item) => item.data.body.includes('Quiet Pines'))).toMatchObject({
      data: { title: 'New funeral home sign-up' },
    });
    // The new user gets none of these.
    const own = await get(ctx, routeUrl(notificationRoutes.bell), user.token);
    expect(own.json().data.count).toBe(0);
  });

  it('tells the admins of a contact-us query', async () => {
    const form = multipart({
      name: 'Visitor',
      email: 'visitor@example.test',
      subject: 'Pricing',
      message: 'Hi',
    });
    const response = await post(ctx, routeUrl(queryRoutes.contactUs), form);
    expect(response.statusCode).toBe(200);
    const items = await adminNotifications();
    expect(items.find((item) => item.type === 'query.new')).toMatchObject({
      data: { title: 'New contact query', body: expect.stringContaining('Pricing') },
    });
  });
});
