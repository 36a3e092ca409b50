import { afterEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { REPORT_RECEIVED_MESSAGE, legacyRoutes } from '@pw/contracts';
import { session } from '@/lib/session';
import { renderWithApp } from '@/test/render';
import { routeKey, fakeApi } from '@/test/fake-api';
import { FuneralReportPassingPage } from './FuneralReportPassingPage';

const signInHome = () =>
  session.signIn(
    {
      id: 3,
      type: 'funeral-home',
      email: 'home@example.com',
      first_name: 'Grace',
      last_name: 'Hill',
      photo_path: null,
      home_name: 'Willow Funeral Home',
    },
    'token',
  );

afterEach(() => session.clear());

describe('/funeral/report-passing', () => {
  it("says the report goes in the home's name and sends code, relation and note", async () => {
    signInHome();
    const server = fakeApi({
      [routeKey(legacyRoutes.reportByCode, { code: 'CODE77' })]: () => ({
        body: { message: REPORT_RECEIVED_MESSAGE, data: { state: 'waiting' } },
      }),
    });
    const user = userEvent.setup();
    renderWithApp(<FuneralReportPassingPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Report a passing' })).toBeInTheDocument();
    expect(screen.getByText('Willow Funeral Home')).toBeInTheDocument();
    // The relation starts as 'Funeral home': the home only adds the code (and a note).
    expect(screen.getByLabelText(/Your relation to the person who left the message/)).toHaveValue(
      'Funeral home',
    );
    await user.type(screen.getByLabelText(/Access code/), ' CODE77 ');
    await user.type(screen.getByLabelText(/Note or obituary link/), 'Service on Friday');
    await user.click(screen.getByRole('button', { name: 'Send the report' }));
    expect(await screen.findByText(REPORT_RECEIVED_MESSAGE)).toBeInTheDocument();
    expect(JSON.parse(server.calls[0]!.body as string)).toEqual({
      relation: 'Funeral home',
      note: 'Service on Friday',
    });
    // Another report starts from an empty form.
    await user.click(screen.getByRole('button', { name: 'Report another passing' }));
    expect(screen.getByLabelText(/Access code/)).toHaveValue('');
    expect(screen.getByLabelText(/Access code/)).toHaveFocus();
  });

  it('asks for the code before sending anything', async () => {
    signInHome();
    const server = fakeApi({});
    const user = userEvent.setup();
    renderWithApp(<FuneralReportPassingPage />);
    await user.click(screen.getByRole('button', { name: 'Send the report' }));
    expect(screen.getByText('The access code field is required.')).toBeInTheDocument();
    expect(screen.getByLabelText(/Access code/)).toHaveFocus();
    expect(server.calls).toHaveLength(0);
  });

  it("shows the server's refusal (a home that is not listed, an unknown code)", async () => {
    signInHome();
    fakeApi({
      [routeKey(legacyRoutes.reportByCode, { code: 'CODE77' })]: () => ({
        status: 403,
        body: { message: 'Only a listed funeral home can report a passing.' },
      }),
    });
    const user = userEvent.setup();
    renderWithApp(<FuneralReportPassingPage />);
    await user.type(screen.getByLabelText(/Access code/), 'CODE77');
    await user.click(screen.getByRole('button', { name: 'Send the report' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Only a listed funeral home can report a passing.',
    );
    expect(screen.queryByText(REPORT_RECEIVED_MESSAGE)).not.toBeInTheDocument();
  });
});
