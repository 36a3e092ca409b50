import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { ACCOUNT_DELETED_PERSON, FUNERAL_REQUEST_NOT_FOUND, funeralHomeRoutes } from '@pw/contracts';
import { routeKey, fakeApi } from '@/test/fake-api';
import { renderAtRoute } from '@/test/render';
import type { UserRequest } from '../model/user-request';
import { UserRequestPage } from './UserRequestPage';

const WITH_FORM: UserRequest = {
  id: 12,
  name: 'Ruth Tester',
  email: 'ruth@example.com',
  created_at: '2026-11-20T09:30:00.000Z',
  video: { id: 9 },
  has_form: true,
  published_at: null,
  funeralPreferences: {
    typeOfService: { id: 1, name: 'Memorial service' },
    locationOfService: { id: 5, name: 'Chapel' },
  },
  speaker: 'Reverend Ames',
  music: 'Abide with me',
  additional_requests: null,
  specific_requests: 'White lilies',
  specific_rituals: null,
};

/** A request made by a grant alone: the video, no form (docs/product.md §8.2). */
const VIDEO_ONLY: UserRequest = {
  ...WITH_FORM,
  id: 13,
  has_form: false,
  funeralPreferences: null,
  speaker: null,
  music: null,
  specific_requests: null,
};

function openRequest(id: number, reply: () => { status?: number; body: unknown }) {
  const api = fakeApi({ [routeKey(funeralHomeRoutes.request, { id })]: reply });
  renderAtRoute('/funeral/user-requests/:id', <UserRequestPage />, `/funeral/user-requests/${id}`);
  return api;
}

const submitted = () => screen.getByRole('region', { name: 'User Submitted Form' });

describe('User request (/funeral/user-requests/{id})', () => {
  it("shows who sent it, a way to the video, and the 'User Submitted Form'", async () => {
    openRequest(12, () => ({ body: { data: WITH_FORM } }));
    expect(await screen.findByRole('heading', { name: 'Ruth Tester' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'ruth@example.com' })).toHaveAttribute(
      'href',
      'mailto:ruth@example.com',
    );
    expect(screen.getByRole('link', { name: /Watch the video/ })).toHaveAttribute(
      'href',
      '/funeral/user-requests/12/video',
    );
    const form = submitted();
    const pairs = within(form)
      .getAllByRole('term')
      .map((term) => [term.textContent, term.nextElementSibling?.textContent]);
    expect(pairs).toEqual([
      ['Type of Services', 'Memorial service'],
      ['Location of Services', 'Chapel'],
      ['Officiant/Speaker Preferences', 'Reverend Ames'],
      ['Music', 'Abide with me'],
      ['Additional Requests', 'None'],
      ['Specific Rituals', 'None'],
      ['Specific Requests', 'White lilies'],
    ]);
    expect(screen.getByRole('link', { name: /Back to user requests/ })).toHaveAttribute(
      'href',
      '/funeral/user-requests',
    );
  });

  it('shows a request whose sender deleted their account: the placeholder, and no e-mail to write to', async () => {
    openRequest(14, () => ({
      body: { data: { ...WITH_FORM, id: 14, name: ACCOUNT_DELETED_PERSON, email: '' } },
    }));
    expect(await screen.findByRole('heading', { name: ACCOUNT_DELETED_PERSON })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /mailto|@/ })).toBeNull();
    expect(screen.getByText('Not available')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Watch the video/ })).toBeInTheDocument();
  });

  it("says 'no form sent' when the request holds only the video", async () => {
    openRequest(13, () => ({ body: { data: VIDEO_ONLY } }));
    expect(await screen.findByText(/No form sent/)).toBeInTheDocument();
    expect(within(submitted()).queryByRole('term')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Watch the video/ })).toBeInTheDocument();
  });

  it('has no video button while no video has been shared', async () => {
    openRequest(12, () => ({ body: { data: { ...WITH_FORM, video: null } } }));
    expect(await screen.findByText('No video has been shared with you yet.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Watch the video/ })).not.toBeInTheDocument();
  });

  it("says the request does not exist for another home's request (404)", async () => {
    openRequest(12, () => ({ status: 404, body: { message: FUNERAL_REQUEST_NOT_FOUND } }));
    expect(await screen.findByText(FUNERAL_REQUEST_NOT_FOUND)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it("offers a retry with 'Unable to fetch data' when the call fails", async () => {
    openRequest(12, () => ({ status: 500, body: {} }));
    expect(await screen.findByText('Unable to fetch data')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
