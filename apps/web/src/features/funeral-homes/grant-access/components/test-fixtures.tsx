import { funeralHomeRoutes } from '@pw/contracts';
import type { ReactElement } from 'react';
import { Route, Routes, useLocation } from 'react-router';
import type { FuneralHomeItem } from '@pw/contracts';
import { routeKey, fakeApi, type Handler } from '@/test/fake-api';
import { renderWithApp } from '@/test/render';

/** The directory the component tests answer (docs/product.md §13.4: name, e-mail, address, photo). */
export const HOMES: FuneralHomeItem[] = [
  {
    id: 31,
    home_name: 'Willow Funeral Home',
    email: 'willow@homes.test',
    address: '9 Chapel Road',
    photo_path: null,
    memorials: [{ slug: 'AAAAAAAAAAAAAAAAAAAAAA', name: 'Rose Memorial' }],
  },
  {
    id: 32,
    home_name: 'Cedar Chapel',
    email: 'cedar@homes.test',
    address: null,
    photo_path: '/media/cedar.jpg',
    memorials: [],
  },
];

export const HOMES_PATH = routeKey(funeralHomeRoutes.homes);

/** Where a page went, and the navigation state it passed along. */
function Where() {
  const location = useLocation();
  return (
    <output data-testid="where">
      {JSON.stringify({ path: location.pathname, search: location.search, state: location.state })}
    </output>
  );
}

/** Opens `page` at `path` with navigation `state`; the directory is answered unless a handler says else. */
export function openPage(
  path: string,
  page: ReactElement,
  state: unknown,
  handlers: Record<string, Handler>,
  search = '',
) {
  const api = fakeApi({ [HOMES_PATH]: () => ({ body: { data: HOMES } }), ...handlers });
  renderWithApp(
    <Routes>
      <Route path={path} element={page} />
      <Route path="*" element={<Where />} />
    </Routes>,
    { route: `${path}${search}`, state },
  );
  return api;
}
