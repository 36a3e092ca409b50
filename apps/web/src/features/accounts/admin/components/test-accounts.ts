import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import type {
  AdminAccountSubscription,
  AdminFuneralHomeDetail,
  AdminFuneralHomeItem,
  AdminUserDetail,
  AdminUserItem,
} from '@pw/contracts';

/** Rows and details as the server answers them, for the screens' tests. */
export const userFixture = (id: number, over: Partial<AdminUserItem> = {}): AdminUserItem => ({
  id,
  first_name: `First${id}`,
  last_name: `Last${id}`,
  email: `user${id}@example.test`,
  dialing_code: '+1',
  phone: '5550100',
  status: 'active',
  created_at: new Date(Date.UTC(2026, 10, 1 + (id % 20), 9)).toISOString(),
  ad_subscription: null,
  time_subscription: null,
  ...over,
});

export const homeFixture = (id: number, over: Partial<AdminFuneralHomeItem> = {}): AdminFuneralHomeItem => ({
  id,
  home_name: `Home ${id}`,
  first_name: `Owner${id}`,
  last_name: 'Keeper',
  email: `home${id}@example.test`,
  dialing_code: '+1',
  phone: '5550199',
  subscription: null,
  status: 'active',
  created_at: new Date(Date.UTC(2026, 9, 1 + (id % 20), 9)).toISOString(),
  ...over,
});

export const subscriptionFixture = (
  id: number,
  title: string,
  over: Partial<AdminAccountSubscription> = {},
): AdminAccountSubscription => ({
  id,
  status: 'active',
  price: '9.99',
  purchase_date: '2026-10-01T10:00:00.000Z',
  expiry_date: '2026-11-01T10:00:00.000Z',
  plan: { id: id * 10, title, duration: 'monthly' },
  ...over,
});

export const userDetailFixture = (id: number, over: Partial<AdminUserDetail> = {}): AdminUserDetail => {
  const { status, ...row } = userFixture(id);
  return {
    ...row,
    status: status === 'active' ? 1 : 0,
    address: '12 Elm Street',
    map_link: 'https://maps.example/elm',
    photo_path: null,
    has_parting_words: true,
    user_time_subscription: [],
    funeral_subscription: [],
    user_ad_subscription: [],
    ...over,
  };
};

export const homeDetailFixture = (
  id: number,
  over: Partial<AdminFuneralHomeDetail> = {},
): AdminFuneralHomeDetail => {
  const { status, ...row } = homeFixture(id);
  return {
    ...row,
    status: status === 'active' ? 1 : 0,
    address: '1 Chapel Road',
    map_link: null,
    photo_path: null,
    funeral_subscription: [],
    ...over,
  };
};

/**
 * The status dropdown of the account named `name` (the list's row or the details page), also while a
 * dialog hides the page from the accessibility tree.
 */
export const statusOf = (name: string) =>
  screen.getByRole('combobox', { name: `Status of ${name}`, hidden: true });

/** Chooses Active or Inactive in that dropdown, and answers the question that opens (its dialog). */
export async function chooseStatus(user: UserEvent, name: string, choice: 'Active' | 'Inactive') {
  await user.selectOptions(await screen.findByRole('combobox', { name: `Status of ${name}` }), choice);
  return screen.findByRole('dialog');
}
