import { describe, expect, it } from 'vitest';
import type { SessionUser } from './session';
import { afterLoginPath, publicOnlyRedirect, roleAreaRedirect } from './routing';

const person = (type: SessionUser['type']): SessionUser => ({
  id: 1,
  type,
  email: 'a@b.co',
  first_name: 'A',
  last_name: 'B',
  photo_path: null,
});

describe('roleAreaRedirect', () => {
  it('lets the owner of an area in', () => {
    expect(roleAreaRedirect(person('user'), 'user', '/user/profile')).toBeNull();
    expect(roleAreaRedirect(person('funeral-home'), 'funeral-home', '/funeral/profile')).toBeNull();
    expect(roleAreaRedirect(person('admin'), 'admin', '/admin/dashboard')).toBeNull();
  });

  it('sends a visitor to /login, or /admin/login when the path contains admin', () => {
    expect(roleAreaRedirect(null, 'user', '/user/profile')).toBe('/login');
    expect(roleAreaRedirect(null, 'funeral-home', '/funeral/user-requests')).toBe('/login');
    expect(roleAreaRedirect(null, 'admin', '/admin/user-management')).toBe('/admin/login');
  });

  it('sends another role to its own area', () => {
    expect(roleAreaRedirect(person('user'), 'admin', '/admin/dashboard')).toBe('/user');
    expect(roleAreaRedirect(person('user'), 'funeral-home', '/funeral/user-requests')).toBe('/user');
    expect(roleAreaRedirect(person('funeral-home'), 'user', '/user/home')).toBe('/funeral');
    expect(roleAreaRedirect(person('admin'), 'user', '/user/home')).toBe('/admin');
  });

  it('treats a stored record without a known type as a visitor', () => {
    const broken = { ...person('user'), type: 'guest' } as unknown as SessionUser;
    expect(roleAreaRedirect(broken, 'user', '/user/home')).toBe('/login');
  });
});

describe('publicOnlyRedirect', () => {
  it('leaves visitors on login and sign-up', () => {
    expect(publicOnlyRedirect(null)).toBeNull();
  });
  it('sends a funeral home to /funeral/user-requests, a user to /user, an admin to /admin/dashboard', () => {
    expect(publicOnlyRedirect(person('funeral-home'))).toBe('/funeral/user-requests');
    expect(publicOnlyRedirect(person('user'))).toBe('/user');
    expect(publicOnlyRedirect(person('admin'))).toBe('/admin/dashboard');
  });
});

const monthly = {
  id: 3,
  plan_id: 1,
  title: 'Monthly Membership',
  duration: 'monthly',
  price: '4.99',
  starts_at: '2026-11-01T00:00:00.000Z',
  expiry_date: '2026-12-01T00:00:00.000Z',
  auto_renew: true,
  status: 'active' as const,
};

describe('afterLoginPath', () => {
  it('sends people without a home plan to the plans page', () => {
    expect(afterLoginPath({ type: 'user', active_plan: null })).toBe('/user/subscription-plans');
    expect(afterLoginPath({ type: 'user', active_plan: { home_plan: null, ad_free: monthly } })).toBe(
      '/user/subscription-plans',
    );
    expect(afterLoginPath({ type: 'funeral-home', active_plan: null })).toBe('/funeral/subscription-plans');
  });
  it('sends people with an active home plan to their profile', () => {
    expect(afterLoginPath({ type: 'user', active_plan: { home_plan: monthly, ad_free: null } })).toBe(
      '/user/profile',
    );
    expect(afterLoginPath({ type: 'funeral-home', active_plan: { home_plan: monthly, ad_free: null } })).toBe(
      '/funeral/profile',
    );
  });
  it('sends an admin to the dashboard', () => {
    expect(afterLoginPath({ type: 'admin', active_plan: null })).toBe('/admin/dashboard');
  });
});
