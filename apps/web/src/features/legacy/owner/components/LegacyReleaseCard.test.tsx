import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  MAX_TRUSTED_CONTACTS,
  REPORT_CANCELLED_MESSAGE,
  SETTINGS_SAVED_MESSAGE,
  type LegacySettings,
  legacyRoutes,
  routeUrl,
} from '@pw/contracts';
import { renderWithApp } from '@/test/render';
import { deferred } from '@/test/handler-fake-api';
import { routeKey, fakeApi, type Reply } from '@/test/fake-api';
import { formatWhen } from '@/lib/dates';
import { contact, legacySettings, openReport } from '@/test/legacy-fixture';
import { LegacyReleaseCard } from './LegacyReleaseCard';
import { LEGACY_TEXTS, STATE_TEXTS } from './texts';

const SETTINGS = routeKey(legacyRoutes.settings);
const SAVE = routeKey(legacyRoutes.saveSettings);
const reply = (data: LegacySettings, message?: string): Reply => ({ body: { message, data } });

const renderCard = () => renderWithApp(<LegacyReleaseCard />);
const card = async () => screen.findByRole('region', { name: LEGACY_TEXTS.heading });
const rows = () => screen.queryAllByTestId('legacy-contact');
const standing = () => screen.getByTestId('legacy-state');

describe('Release of my final message: reading', () => {
  it('brings itself into view when opened at its own address (the final folder links to it)', async () => {
    fakeApi({ [SETTINGS]: () => reply(legacySettings()) });
    const scrolled: Element[] = [];
    const scrollIntoView = vi.fn(function (this: Element) {
      scrolled.push(this);
    });
    const original = Object.getOwnPropertyDescriptor(Element.prototype, 'scrollIntoView');
    Object.defineProperty(Element.prototype, 'scrollIntoView', { value: scrollIntoView, configurable: true });
    try {
      renderWithApp(<LegacyReleaseCard />, { route: '/user/profile/details#legacy-heading' });
      await screen.findByText(LEGACY_TEXTS.noContacts);
      await waitFor(() =>
        expect(scrolled).toEqual([screen.getByRole('heading', { name: LEGACY_TEXTS.heading })]),
      );
    } finally {
      if (original) Object.defineProperty(Element.prototype, 'scrollIntoView', original);
      else delete (Element.prototype as { scrollIntoView?: unknown }).scrollIntoView;
    }
  });

  it('shows a spinner while the settings load, then a new account’s defaults', async () => {
    const held = deferred<Reply>();
    fakeApi({ [SETTINGS]: () => held.promise });
    renderCard();
    const region = await card();
    expect(within(region).getByRole('status')).toHaveTextContent('Loading…');
    held.resolve(reply(legacySettings()));

    expect(await screen.findByText(LEGACY_TEXTS.noContacts)).toBeInTheDocument();
    expect(standing()).toHaveTextContent(`${STATE_TEXTS.sealed.name} — ${STATE_TEXTS.sealed.text}`);
    expect(rows()).toHaveLength(0);
    expect(screen.getByLabelText(LEGACY_TEXTS.waitingPeriod)).toHaveValue(3);
    expect(screen.getByRole('radio', { name: 'Off' })).toBeChecked();
    expect(screen.getByRole('switch', { name: LEGACY_TEXTS.atOnce })).not.toBeChecked();
    expect(screen.getByRole('switch', { name: LEGACY_TEXTS.atOnce })).toHaveAccessibleDescription(
      LEGACY_TEXTS.atOnceHint,
    );
    expect(screen.queryByText(LEGACY_TEXTS.nextCheckIn)).not.toBeInTheDocument();
    expect(screen.getByText(LEGACY_TEXTS.emptyLog)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: LEGACY_TEXTS.reportHeading })).not.toBeInTheDocument();
  });

  it('says ‘Unable to fetch data’ when the settings cannot be read, and reads again on request', async () => {
    let fail = true;
    fakeApi({
      [SETTINGS]: () => (fail ? { status: 500, body: { message: 'Server Error' } } : reply(legacySettings())),
    });
    const user = userEvent.setup();
    renderCard();
    expect(await screen.findByText('Unable to fetch data')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: LEGACY_TEXTS.save })).not.toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(LEGACY_TEXTS.noContacts)).toBeInTheDocument();
  });

  it('shows each contact’s confirmation, the check-in date, the state and the log, newest first', async () => {
    fakeApi({
      [SETTINGS]: () =>
        reply(
          legacySettings({
            contacts: [contact(1, 'Kim Kin', 'kim@kin.test', true), contact(2, 'Lee Kin', 'lee@kin.test')],
            waiting_period_days: 7,
            check_in_months: 6,
            next_check_in_at: '2027-05-20T09:00:00.000Z',
            available_at_once: true,
            state: 'open',
            log: [
              { at: '2026-11-22T10:00:00.000Z', text: 'kim@kin.test accepted the role of trusted contact.' },
              { at: '2026-11-21T10:00:00.000Z', text: 'You named kim@kin.test a trusted contact.' },
            ],
          }),
        ),
    });
    renderCard();
    await screen.findByText(LEGACY_TEXTS.contactsLegend);
    const [kim, lee] = rows();
    expect(within(kim!).getByLabelText(/^Name/)).toHaveValue('Kim Kin');
    expect(within(kim!).getByText(LEGACY_TEXTS.confirmed)).toBeInTheDocument();
    expect(within(lee!).getByLabelText(/^E-mail/)).toHaveValue('lee@kin.test');
    expect(within(lee!).getByText(LEGACY_TEXTS.unconfirmed)).toBeInTheDocument();
    expect(within(lee!).getByRole('button', { name: 'Send again to lee@kin.test' })).toBeEnabled();
    expect(screen.getByLabelText(LEGACY_TEXTS.waitingPeriod)).toHaveValue(7);
    expect(screen.getByRole('radio', { name: 'Every 6 months' })).toBeChecked();
    expect(screen.getByText(formatWhen('2027-05-20T09:00:00.000Z'))).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: LEGACY_TEXTS.atOnce })).toBeChecked();
    expect(standing()).toHaveTextContent(STATE_TEXTS.open.name);

    const log = within(screen.getByRole('region', { name: LEGACY_TEXTS.logHeading })).getAllByRole(
      'listitem',
    );
    expect(log.map((item) => item.textContent)).toEqual([
      `${formatWhen('2026-11-22T10:00:00.000Z')}kim@kin.test accepted the role of trusted contact.`,
      `${formatWhen('2026-11-21T10:00:00.000Z')}You named kim@kin.test a trusted contact.`,
    ]);
  });
});

describe('Release of my final message: editing', () => {
  it('adds rows up to five, then disables adding and says why', async () => {
    fakeApi({
      [SETTINGS]: () =>
        reply(
          legacySettings({
            contacts: Array.from({ length: MAX_TRUSTED_CONTACTS - 1 }, (_, i) =>
              contact(i + 1, `Kin ${i}`, `kin${i}@kin.test`),
            ),
          }),
        ),
    });
    const user = userEvent.setup();
    renderCard();
    const add = await screen.findByRole('button', { name: LEGACY_TEXTS.add });
    expect(add).toBeEnabled();
    expect(screen.queryByText(LEGACY_TEXTS.limitReached)).not.toBeInTheDocument();
    await user.click(add);
    expect(rows()).toHaveLength(MAX_TRUSTED_CONTACTS);
    // The new row takes the focus, and is not saved yet: no status, no 'Send again'.
    const fifth = rows()[4]!;
    expect(within(fifth).getByLabelText(/^Name/)).toHaveFocus();
    expect(within(fifth).getByText(LEGACY_TEXTS.notSavedYet)).toBeInTheDocument();
    expect(within(fifth).queryByRole('button', { name: /Send again/ })).not.toBeInTheDocument();
    expect(add).toBeDisabled();
    expect(add).toHaveAccessibleDescription(LEGACY_TEXTS.limitReached);

    await user.click(within(rows()[0]!).getByRole('button', { name: 'Remove trusted contact 1' }));
    expect(rows()).toHaveLength(MAX_TRUSTED_CONTACTS - 1);
    expect(add).toBeEnabled();
  });

  it('checks the fields with the contract’s rules before sending anything', async () => {
    const api = fakeApi({ [SETTINGS]: () => reply(legacySettings()) });
    const user = userEvent.setup();
    renderCard();
    await user.click(await screen.findByRole('button', { name: LEGACY_TEXTS.add }));
    await user.click(screen.getByRole('button', { name: LEGACY_TEXTS.add }));
    const [first, second] = rows();
    await user.type(within(first!).getByLabelText(/^E-mail/), 'not-an-email');
    await user.type(within(second!).getByLabelText(/^Name/), 'Lee');
    await user.type(within(second!).getByLabelText(/^E-mail/), 'lee@kin.test');
    const waiting = screen.getByLabelText(LEGACY_TEXTS.waitingPeriod);
    await user.clear(waiting);
    await user.type(waiting, '31');
    await user.click(screen.getByRole('button', { name: LEGACY_TEXTS.save }));

    expect(await screen.findByText('The name field is required.')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid e-mail address.')).toBeInTheDocument();
    expect(screen.getByText('The waiting period must be between 1 and 30 days.')).toBeInTheDocument();
    expect(within(first!).getByLabelText(/^E-mail/)).toHaveAttribute('aria-invalid', 'true');
    expect(waiting).toHaveAttribute('aria-invalid', 'true');

    // Two rows under one address: the list's own rule.
    await user.clear(within(first!).getByLabelText(/^E-mail/));
    await user.type(within(first!).getByLabelText(/^E-mail/), 'LEE@kin.test');
    await user.type(within(first!).getByLabelText(/^Name/), 'Kim');
    await user.clear(waiting);
    await user.type(waiting, '5');
    await user.click(screen.getByRole('button', { name: LEGACY_TEXTS.save }));
    expect(await screen.findByText('Each trusted contact needs their own e-mail.')).toBeInTheDocument();
    expect(api.calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it('saves the settings whole, says so, and shows the new contacts waiting for confirmation', async () => {
    let current = legacySettings();
    const api = fakeApi({
      [SETTINGS]: () => reply(current),
      [SAVE]: (call) => {
        const body = JSON.parse(String(call.body)) as {
          contacts: Array<{ name: string; email: string }>;
          waiting_period_days: number;
          check_in_months: number;
          available_at_once: boolean;
        };
        current = legacySettings({
          ...body,
          contacts: body.contacts.map((c, i) => contact(i + 1, c.name, c.email)),
          next_check_in_at: body.check_in_months ? '2027-02-21T09:00:00.000Z' : null,
        });
        return reply(current, SETTINGS_SAVED_MESSAGE);
      },
    });
    const user = userEvent.setup();
    renderCard();
    await user.click(await screen.findByRole('button', { name: LEGACY_TEXTS.add }));
    const [row] = rows();
    await user.type(within(row!).getByLabelText(/^Name/), '  Kim Kin ');
    await user.type(within(row!).getByLabelText(/^E-mail/), 'Kim@Kin.test');
    const waiting = screen.getByLabelText(LEGACY_TEXTS.waitingPeriod);
    await user.clear(waiting);
    await user.type(waiting, '5');
    await user.click(screen.getByRole('radio', { name: 'Every 3 months' }));
    await user.click(screen.getByRole('button', { name: LEGACY_TEXTS.save }));

    expect(await screen.findByText(SETTINGS_SAVED_MESSAGE)).toBeInTheDocument();
    const post = api.calls.find((call) => call.method === 'POST')!;
    expect(JSON.parse(String(post.body))).toEqual({
      contacts: [{ name: 'Kim Kin', email: 'kim@kin.test' }],
      waiting_period_days: 5,
      check_in_months: 3,
      available_at_once: false,
    });
    expect(within(rows()[0]!).getByText(LEGACY_TEXTS.unconfirmed)).toBeInTheDocument();
    expect(within(rows()[0]!).getByLabelText(/^E-mail/)).toHaveValue('kim@kin.test');
    expect(screen.getByText(formatWhen('2027-02-21T09:00:00.000Z'))).toBeInTheDocument();
  });

  it('shows the server’s 422 messages at their fields, and other failures under the form', async () => {
    let answer: Reply = {
      status: 422,
      body: {
        message: 'The given data was invalid.',
        errors: {
          'contacts.0.email': ['That address cannot receive mail.'],
          waiting_period_days: ['The waiting period must be between 1 and 30 days.'],
        },
      },
    };
    fakeApi({
      [SETTINGS]: () => reply(legacySettings({ contacts: [contact(1, 'Kim Kin', 'kim@kin.test')] })),
      [SAVE]: () => answer,
    });
    const user = userEvent.setup();
    renderCard();
    await user.click(await screen.findByRole('button', { name: LEGACY_TEXTS.save }));
    const email = within(rows()[0]!).getByLabelText(/^E-mail/);
    await waitFor(() => expect(email).toHaveAttribute('aria-invalid', 'true'));
    expect(email).toHaveAccessibleDescription('That address cannot receive mail.');
    expect(screen.getByLabelText(LEGACY_TEXTS.waitingPeriod)).toHaveAccessibleDescription(
      expect.stringContaining('The waiting period must be between 1 and 30 days.'),
    );
    expect(screen.queryByText('The given data was invalid.')).not.toBeInTheDocument();
    expect(screen.queryByText(SETTINGS_SAVED_MESSAGE)).not.toBeInTheDocument();

    answer = { status: 500, body: { message: 'Server Error' } };
    await user.click(screen.getByRole('button', { name: LEGACY_TEXTS.save }));
    expect(await screen.findByText('Server Error')).toBeInTheDocument();
  });

  it('sends a contact’s role e-mail again and says so', async () => {
    const api = fakeApi({
      [SETTINGS]: () => reply(legacySettings({ contacts: [contact(7, 'Lee Kin', 'lee@kin.test')] })),
      [routeKey(legacyRoutes.resendContact, { id: 7 })]: () =>
        reply(
          legacySettings({ contacts: [contact(7, 'Lee Kin', 'lee@kin.test')] }),
          'The e-mail has been sent again.',
        ),
    });
    const user = userEvent.setup();
    renderCard();
    await user.click(await screen.findByRole('button', { name: 'Send again to lee@kin.test' }));
    expect(await within(rows()[0]!).findByText('The e-mail has been sent again.')).toBeInTheDocument();
    expect(api.calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual([
      routeUrl(legacyRoutes.resendContact, { id: 7 }),
    ]);
  });

  it('says when sending again failed', async () => {
    fakeApi({
      [SETTINGS]: () => reply(legacySettings({ contacts: [contact(7, 'Lee Kin', 'lee@kin.test')] })),
      [routeKey(legacyRoutes.resendContact, { id: 7 })]: () => ({
        status: 404,
        body: { message: 'Trusted contact not found.' },
      }),
    });
    const user = userEvent.setup();
    renderCard();
    await user.click(await screen.findByRole('button', { name: 'Send again to lee@kin.test' }));
    expect(await screen.findByText('Trusted contact not found.')).toBeInTheDocument();
  });
});

describe('Release of my final message: an open report', () => {
  it('shows the report first and cancels it only after the owner confirms', async () => {
    let current = legacySettings({
      state: 'waiting',
      open_report: openReport({ note: 'obituary.test/kim' }),
    });
    const api = fakeApi({
      [SETTINGS]: () => reply(current),
      [routeKey(legacyRoutes.cancelReport)]: () => {
        current = legacySettings();
        return reply(current, REPORT_CANCELLED_MESSAGE);
      },
    });
    const user = userEvent.setup();
    renderCard();
    const notice = await screen.findByRole('region', { name: LEGACY_TEXTS.reportHeading });
    expect(notice).toHaveTextContent(
      `Kim Kin (Sister) reported your passing on ${formatWhen('2026-11-20T09:30:00.000Z')}.`,
    );
    expect(notice).toHaveTextContent(formatWhen('2026-11-23T09:30:00.000Z'));
    expect(notice).toHaveTextContent('Their note: obituary.test/kim');
    expect(standing()).toHaveTextContent(STATE_TEXTS.waiting.name);

    await user.click(within(notice).getByRole('button', { name: LEGACY_TEXTS.cancel }));
    let ask = await screen.findByRole('dialog', { name: LEGACY_TEXTS.confirmTitle });
    await user.click(within(ask).getByRole('button', { name: LEGACY_TEXTS.confirmNo }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls.filter((call) => call.method === 'POST')).toHaveLength(0);
    expect(notice).toBeInTheDocument();

    await user.click(within(notice).getByRole('button', { name: LEGACY_TEXTS.cancel }));
    ask = await screen.findByRole('dialog', { name: LEGACY_TEXTS.confirmTitle });
    await user.click(within(ask).getByRole('button', { name: LEGACY_TEXTS.confirmYes }));
    expect(await screen.findByRole('dialog', { name: REPORT_CANCELLED_MESSAGE })).toBeInTheDocument();
    expect(api.calls.filter((call) => call.method === 'POST')).toHaveLength(1);
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: LEGACY_TEXTS.reportHeading })).not.toBeInTheDocument(),
    );
    expect(standing()).toHaveTextContent(STATE_TEXTS.sealed.name);
  });

  it('says so when the report could not be cancelled', async () => {
    fakeApi({
      [SETTINGS]: () => reply(legacySettings({ state: 'waiting', open_report: openReport() })),
      [routeKey(legacyRoutes.cancelReport)]: () => ({
        status: 404,
        body: { message: 'No report is waiting.' },
      }),
    });
    const user = userEvent.setup();
    renderCard();
    await user.click(await screen.findByRole('button', { name: LEGACY_TEXTS.cancel }));
    const ask = await screen.findByRole('dialog', { name: LEGACY_TEXTS.confirmTitle });
    await user.click(within(ask).getByRole('button', { name: LEGACY_TEXTS.confirmYes }));
    const failed = await screen.findByRole('dialog', { name: 'Unsuccessful' });
    expect(failed).toHaveTextContent('No report is waiting.');
  });

  it('words a check-in report as the owner’s own silence', async () => {
    fakeApi({
      [SETTINGS]: () =>
        reply(
          legacySettings({
            state: 'waiting',
            open_report: openReport({
              reporter_kind: 'check-in',
              reporter_name: 'Check-ins',
              relation: 'no answer to check-ins',
            }),
          }),
        ),
    });
    renderCard();
    const notice = await screen.findByRole('region', { name: LEGACY_TEXTS.reportHeading });
    expect(notice).toHaveTextContent('You did not answer your check-ins');
    expect(notice).not.toHaveTextContent('Check-ins (no answer to check-ins)');
  });
});
