import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { policyRoutes } from '@pw/contracts';
import { renderWithApp } from '@/test/render';
import { routeKey, fakeApi } from '@/test/fake-api';
import { PolicyPage } from './PolicyPage';
import { TermsPage } from './TermsPage';

describe('the version of the privacy policy and terms', () => {
  it.each([
    ['/policy', PolicyPage],
    ['/terms', TermsPage],
  ])('%s shows the version in force and its date, as the server configures them', async (_, Page) => {
    fakeApi({
      [routeKey(policyRoutes.current)]: () => ({ body: { data: { version: '3.1', date: '2026-11-20' } } }),
    });
    renderWithApp(<Page />);
    expect(await screen.findByTestId('policy-version')).toHaveTextContent(
      'Version 3.1, last updated 20 November 2026',
    );
  });

  it('shows no version line when the server cannot say', async () => {
    const api = fakeApi({});
    renderWithApp(<TermsPage />);
    await screen.findByRole('heading', { name: 'Terms and Conditions' });
    await expect.poll(() => api.calls.length, { timeout: 5000 }).toBe(1);
    expect(screen.queryByTestId('policy-version')).not.toBeInTheDocument();
  });
});
