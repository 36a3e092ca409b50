import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { MEMORIAL_MESSAGES, memorialRoutes, type PublicMemorial } from '@pw/contracts';
import { fakeApi, routeKey } from '@/test/fake-api';
import { renderWithApp } from '@/test/render';
import { MemorialPage } from './MemorialPage';

const SLUG = 'AAAAAAAAAAAAAAAAAAAAAA';
const memorial: PublicMemorial = {
  slug: SLUG,
  name: 'Rose Memorial',
  born_year: 1940,
  died_year: 2026,
  text: 'Be gentle with each other.',
  photo_path: null,
  videos: [],
  service: { when: null, location: null, type: null, notes: null },
  guestbook_open: true,
  entries: [],
};
const open = () =>
  renderWithApp(
    <Routes>
      <Route path="/memorial/:slug" element={<MemorialPage />} />
    </Routes>,
    { route: `/memorial/${SLUG}` },
  );

describe('The guestbook form (/memorial/{slug})', () => {
  it('asks for a name and a message before sending, in the contract’s words', async () => {
    const api = fakeApi({
      [routeKey(memorialRoutes.page, { slug: SLUG })]: () => ({ body: { data: memorial } }),
    });
    open();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Share your message' }));
    await waitFor(() => expect(screen.getByLabelText(/Your name/)).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByLabelText(/Your message/)).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('sends once on a double click, then thanks the visitor and empties the form', async () => {
    const api = fakeApi({
      [routeKey(memorialRoutes.page, { slug: SLUG })]: () => ({ body: { data: memorial } }),
    });
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    api.on('POST', routeKey(memorialRoutes.sign, { slug: SLUG }).split(' ')[1]!, async () => {
      await held;
      return { status: 202, body: { message: MEMORIAL_MESSAGES.entryReceived, data: { status: 'pending' } } };
    });
    open();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/Your name/), 'Nora');
    await user.type(screen.getByLabelText(/Your message/), 'With love');
    await user.dblClick(screen.getByRole('button', { name: 'Share your message' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Share your message' })).toBeDisabled());
    release();
    expect(await screen.findByText(MEMORIAL_MESSAGES.entryReceived)).toBeInTheDocument();
    const posts = api.calls.filter((c) => c.method === 'POST');
    expect(posts).toHaveLength(1);
    const body = posts[0]!.body as FormData;
    expect(body.get('name')).toBe('Nora');
    expect(body.get('message')).toBe('With love');
    expect(screen.getByLabelText(/Your name/)).toHaveValue('');
  });

  it('shows the server’s field error at its field', async () => {
    const api = fakeApi({
      [routeKey(memorialRoutes.page, { slug: SLUG })]: () => ({ body: { data: memorial } }),
    });
    api.on('POST', routeKey(memorialRoutes.sign, { slug: SLUG }).split(' ')[1]!, () => ({
      status: 422,
      body: { message: 'The photo is not an image.', errors: { photo: ['The photo is not an image.'] } },
    }));
    open();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/Your name/), 'Nora');
    await user.type(screen.getByLabelText(/Your message/), 'With love');
    await user.click(screen.getByRole('button', { name: 'Share your message' }));
    expect(await screen.findByText('The photo is not an image.')).toBeInTheDocument();
    expect(screen.getByLabelText(/A photo/)).toHaveAttribute('aria-invalid', 'true');
  });
});
