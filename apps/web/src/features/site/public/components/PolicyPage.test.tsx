import { accountDataRoutes, policyRoutes, routeUrl } from '@pw/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, routeKey } from '@/test/fake-api';
import { renderWithApp, settled } from '@/test/render';
import { PolicyPage } from './PolicyPage';

const retentionSection = () => screen.getByRole('region', { name: 'Data Retention' });

describe('the privacy policy’s Data Retention', () => {
  it('states the periods the server answers, its RETENTION_DAYS among them', async () => {
    const api = fakeApi({
      [routeKey(accountDataRoutes.retention)]: () => ({
        body: { data: { retention_days: 400, notice_days: [30, 7], export_days: 7, mail_log_days: 90 } },
      }),
      [routeKey(policyRoutes.current)]: () => ({ body: { data: { version: '3', date: '2026-11-01' } } }),
    });
    renderWithApp(<PolicyPage />);
    const section = retentionSection();
    expect(
      await within(section).findByText(/we keep its data for 400 days after the deactivation/),
    ).toBeInTheDocument();
    expect(section).toHaveTextContent('We e-mail you 30 and 7 days before that day.');
    expect(section).toHaveTextContent('is kept for 7 days');
    expect(section).toHaveTextContent('the e-mails we sent after 90 days');
    expect(section).toHaveTextContent('If your account is activated again before then, nothing is deleted.');
    // The policy's own version line asks for the version; nothing else is asked.
    expect(api.calls.map((call) => call.path).sort()).toEqual(
      [routeUrl(accountDataRoutes.retention), routeUrl(policyRoutes.current)].sort(),
    );
  });

  it('says no number it could not read when the call fails', async () => {
    fakeApi({
      [routeKey(accountDataRoutes.retention)]: () => ({ status: 500, body: { message: 'Broken' } }),
      [routeKey(policyRoutes.current)]: () => ({ body: { data: { version: '3', date: '2026-11-01' } } }),
    });
    const { queryClient } = renderWithApp(<PolicyPage />);
    await settled(queryClient);
    const section = retentionSection();
    expect(section).toHaveTextContent('we keep its data for a limited period after the deactivation');
    expect(section).toHaveTextContent('We e-mail you before that day.');
    expect(section).not.toHaveTextContent(/\d+ days/);
  });
});
