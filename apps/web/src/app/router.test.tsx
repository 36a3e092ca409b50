import { describe, expect, it } from 'vitest';
import { waitFor } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import type { AccountType } from '@pw/contracts';
import { session } from '../lib/session';
import { routes } from './router';

/** Runs the real route table (loaders and lazy routes) in memory and returns where it settles. */
async function settle(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  await waitFor(() => {
    expect(router.state.initialized).toBe(true);
    expect(router.state.navigation.state).toBe('idle');
  });
  const location = router.state.location.pathname;
  const errors = router.state.errors;
  router.dispose();
  return { location, errors };
}

const signIn = (type: AccountType) =>
  session.signIn(
    { id: 7, type, email: 'p@example.com', first_name: 'Pat', last_name: 'Lee', photo_path: null },
    'token',
  );

describe('route table and guards', () => {
  it('redirects / to /home, /signup to /user/signup and /admin to the dashboard', async () => {
    expect((await settle('/')).location).toBe('/home');
    expect((await settle('/signup')).location).toBe('/user/signup');
    signIn('admin');
    expect((await settle('/admin')).location).toBe('/admin/dashboard');
  });

  it('sends a visitor from a user page to /login and from an admin page to /admin/login', async () => {
    expect((await settle('/user/profile')).location).toBe('/login');
    expect((await settle('/funeral/user-requests')).location).toBe('/login');
    expect((await settle('/admin/user-management')).location).toBe('/admin/login');
  });

  it('sends a signed-in user away from other areas and from public-only pages', async () => {
    signIn('user');
    expect((await settle('/admin/dashboard')).location).toBe('/user');
    expect((await settle('/funeral/user-requests')).location).toBe('/user');
    expect((await settle('/login')).location).toBe('/user');
    expect((await settle('/funeral/signup')).location).toBe('/user');
    expect((await settle('/user/profile')).location).toBe('/user/profile');
  });

  it('sends a funeral home and an admin from login pages to their start pages', async () => {
    signIn('funeral-home');
    expect((await settle('/login')).location).toBe('/funeral/user-requests');
    expect((await settle('/admin/login')).location).toBe('/funeral/user-requests');
    session.clear();
    signIn('admin');
    expect((await settle('/login')).location).toBe('/admin/dashboard');
    expect((await settle('/admin/login')).location).toBe('/admin/dashboard');
  });

  it('keeps public pages open to everyone and unknown paths on a not-found route', async () => {
    for (const path of ['/home', '/about', '/terms', '/policy', '/contact-us', '/no/such/page']) {
      const result = await settle(path);
      expect(result.location).toBe(path);
      expect(result.errors).toBeNull();
    }
  });
});
