import { accountRoutes, legacyRoutes, routeUrl } from '@pw/contracts';
import { describe, expect, it, vi } from 'vitest';
import { render, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import type { AccountType } from '@pw/contracts';
import { session } from '@/lib/session';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import sweepPages from '../../../../e2e/support/area-pages.json?raw';
import { DialogProvider } from '@/components/dialog/DialogProvider';
import { routeKey, fakeApi } from '@/test/fake-api';
import { legacySettings, openReport } from '@/test/legacy-fixture';
import { settled } from '@/test/render';
import { loadAreaRoutes, patchRoutesOnNavigation, routes } from './router';
import { renderAppRoutes } from '@/test/app-routes';

/** Runs the real route table (loaders and lazy routes) in memory and returns where it settles. */
async function settle(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path], patchRoutesOnNavigation });
  // Lazy pages load real modules: on a busy machine that takes longer than waitFor's default second.
  await waitFor(
    () => {
      expect(router.state.initialized).toBe(true);
      expect(router.state.navigation.state).toBe('idle');
    },
    { timeout: 5000 },
  );
  const location = router.state.location.pathname;
  const errors = router.state.errors;
  router.dispose();
  return { location, errors };
}

const signIn = (type: AccountType, token = 'token') =>
  session.signIn(
    { id: 7, type, email: 'p@example.com', first_name: 'Pat', last_name: 'Lee', photo_path: null },
    token,
  );

describe('route table and guards', () => {
  it('redirects / to /home, /signup to /user/signup and /admin to the dashboard', async () => {
    expect((await settle('/')).location).toBe('/home');
    expect((await settle('/signup')).location).toBe('/user/signup');
    signIn('admin');
    expect((await settle('/admin')).location).toBe('/admin/dashboard');
  });

  it('draws the forwarding paths without React Router warning of a leaf route with no element', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    // The admin layout asks for the screen width (jsdom has no matchMedia).
    vi.stubGlobal('matchMedia', () => ({ matches: false, addEventListener() {}, removeEventListener() {} }));
    fakeApi({}); // the pages drawn after the redirect ask for their data: 404s will do
    const draw = async (path: string, target: string) => {
      const router = createMemoryRouter(routes, { initialEntries: [path], patchRoutesOnNavigation });
      const view = render(
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <DialogProvider>
            <RouterProvider router={router} />
          </DialogProvider>
        </QueryClientProvider>,
      );
      await waitFor(() => expect(router.state.location.pathname).toBe(target), { timeout: 5000 });
      view.unmount();
      router.dispose();
    };
    try {
      await draw('/', '/home');
      await draw('/signup', '/user/signup');
      signIn('admin');
      await draw('/admin', '/admin/dashboard');
      const warnings = warn.mock.calls.map((call) => String(call[0]));
      expect(warnings.filter((text) => text.includes('does not have an element'))).toEqual([]);
    } finally {
      warn.mockRestore();
      vi.unstubAllGlobals();
    }
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

describe('the legacy release’s pages', () => {
  const token = 'x'.repeat(43);
  it('opens the e-mailed link pages without an account, and whoever is signed in', async () => {
    for (const path of [`/legacy/contact/${token}`, `/legacy/alive/${token}`]) {
      expect((await settle(path)).location).toBe(path);
      signIn('user');
      expect((await settle(path)).location).toBe(path);
      signIn('funeral-home');
      expect((await settle(path)).location).toBe(path);
      session.clear();
    }
  });

  it("opens the address check's 'Still right' page without an account, and whoever is signed in", async () => {
    const path = `/delivery/address/${token}`;
    expect((await settle(path)).location).toBe(path);
    signIn('user');
    expect((await settle(path)).location).toBe(path);
    session.clear();
  });

  it("opens an area's own first page at its root path, which loads the area's list", async () => {
    for (const [type, path] of [
      ['user', '/user'],
      ['funeral-home', '/funeral'],
    ] as const) {
      signIn(type);
      const router = createMemoryRouter(routes, { initialEntries: [path], patchRoutesOnNavigation });
      await waitFor(() => expect(router.state.initialized).toBe(true), { timeout: 5000 });
      const leaf = router.state.matches.at(-1)!.route;
      expect(leaf.index, `${path} draws its index page, not an empty layout`).toBe(true);
      // React Router keeps a page's component as its element.
      expect(leaf.element ?? leaf.Component).toBeTruthy();
      router.dispose();
      session.clear();
    }
  });

  it("keeps the funeral home's report page in its area", async () => {
    expect((await settle('/funeral/report-passing')).location).toBe('/login');
    signIn('funeral-home');
    expect((await settle('/funeral/report-passing')).location).toBe('/funeral/report-passing');
    session.clear();
  });
});

/** The paths of a route subtree as the route table spells them ('' for an index, '*' for not-found). */
function pagePaths(list: RouteObject[], prefix = ''): string[] {
  return list.flatMap((route) => {
    const path = route.index ? prefix : [prefix, route.path].filter(Boolean).join('/');
    return route.children ? pagePaths(route.children, path) : [path];
  });
}

/** Every route of the table, however deep (the areas sit under the query client's layout route). */
function allRoutes(table: RouteObject[]): RouteObject[] {
  return table.flatMap((route) => [route, ...allRoutes(route.children ?? [])]);
}

describe('the 360 px overflow sweep (e2e/tests/layout.spec.ts)', () => {
  it('opens every page of the user, funeral-home and admin areas', async () => {
    const sweep = JSON.parse(sweepPages) as Record<string, Record<string, string>>;
    const areas = allRoutes(routes).filter((route) => ['user', 'funeral', 'admin'].includes(route.path!));
    expect(areas).toHaveLength(3);
    for (const area of areas) {
      // The area's own pages arrive when it is first visited (patchRoutesOnNavigation).
      const children = [...area.children!, ...(await loadAreaRoutes(area.path!))];
      const inTable = [...new Set(pagePaths(children))].sort();
      expect(Object.keys(sweep[area.path!] ?? {}).sort(), `pages of /${area.path}`).toEqual(inTable);
    }
  });
});

describe('the legacy release in the user area (docs/product.md §6.1)', () => {
  const settings = legacySettings({ state: 'waiting', open_report: openReport() });
  const account = { id: 7, type: 'user', email: 'p@example.com', first_name: 'Pat', last_name: 'Lee' };

  async function draw(path: string) {
    const { view, close, client } = renderAppRoutes(path);
    return { view, close, client };
  }

  // A section drawn by mistake would have its lazy route loaded before the page is drawn, then ask: once
  // nothing is in flight, it has asked.
  it('shows neither to a funeral home', async () => {
    signIn('funeral-home', 'home-token');
    const home = { ...account, type: 'funeral-home', home_name: 'Willow Funeral Home' };
    const api = fakeApi({ [routeKey(accountRoutes.funeralHomeProfile)]: () => ({ body: { data: home } }) });
    const { view, close, client } = await draw('/funeral/profile');
    // The funeral home's profile details are drawn (with 'Your data'); give a lazy section time to ask.
    await waitFor(() => expect(view.getByRole('heading', { name: 'Your data' })).toBeVisible(), {
      timeout: 5000,
    });
    await settled(client);
    expect(view.queryByRole('region', { name: 'Release of my final message' })).not.toBeInTheDocument();
    const asked = api.calls.filter(
      (call) =>
        call.url.pathname === routeUrl(legacyRoutes.settings) && call.authorization === 'Bearer home-token',
    );
    expect(asked).toHaveLength(0);
    await close();
  });

  it('draws the release card under the user’s profile details, the report alert above every page', async () => {
    signIn('user');
    fakeApi({
      [routeKey(legacyRoutes.settings)]: () => ({ body: { data: settings } }),
      [routeKey(accountRoutes.userProfile)]: () => ({ body: { data: account } }),
    });
    const { view, close } = await draw('/user/profile/details');
    const card = await view.findByRole('region', { name: 'Release of my final message' }, { timeout: 5000 });
    // One above the page, one in the card; the page's own alert comes first.
    await waitFor(() =>
      expect(view.getAllByRole('region', { name: 'A passing has been reported' })).toHaveLength(2),
    );
    const alerts = view.getAllByRole('region', { name: 'A passing has been reported' });
    expect(alerts[0]!.compareDocumentPosition(card) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(card.contains(alerts[1]!)).toBe(true);
    await close();

    const home = await draw('/user/notifications');
    expect(
      await home.view.findByRole('region', { name: 'A passing has been reported' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    await home.close();
  });
});
