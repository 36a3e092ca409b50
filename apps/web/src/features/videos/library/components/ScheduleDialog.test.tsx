import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@/lib/api';
import { renderWithApp } from '@/test/render';
import { videoFixture } from '@/test/video-fixture';
import { NOTE_MAX, NOTE_MESSAGES, RECEIPT_MESSAGES } from '@pw/contracts';
import { SCHEDULE_HEADING, SCHEDULE_LABELS, scheduleIntro } from '@/components/form/ScheduleFields';
import type { Schedule } from '../api/update-type';
import { ScheduleDialog } from './ScheduleDialog';

const LATER = 'Please choose a time later than now.';

describe('schedule dialog errors follow the fields', () => {
  beforeEach(() => {
    // Only the clock is fixed (12:00 local); timers stay real for the dialog's transitions.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2030, 5, 15, 12, 0));
  });
  afterEach(() => vi.useRealTimers());

  function renderDialog(onSubmit: (schedule: Schedule) => Promise<void> = vi.fn(async () => undefined)) {
    renderWithApp(
      <ScheduleDialog
        show
        mode="move"
        video={videoFixture(7, 'draft')}
        busy={false}
        onCancel={() => undefined}
        onSubmit={onSubmit}
      />,
    );
    return { onSubmit };
  }

  it("is headed and labelled as the upload's Scheduled step (one form wherever a video is scheduled)", async () => {
    renderDialog();
    expect(await screen.findByRole('dialog', { name: SCHEDULE_HEADING })).toBeVisible();
    for (const label of Object.values(SCHEDULE_LABELS))
      expect(screen.getByLabelText(new RegExp(`^${label}`))).toBeRequired();
    expect(screen.getByText(scheduleIntro())).toBeVisible();
  });

  it("drops 'later than now' as soon as the time is fixed, and sends the fixed schedule", async () => {
    const user = userEvent.setup();
    const { onSubmit } = renderDialog();
    const form = await screen.findByRole('dialog', { name: 'Schedule delivery' });
    await user.type(within(form).getByLabelText(/Recipient e-mail/), 'kin@example.com');
    fireEvent.change(within(form).getByLabelText(/Date/), { target: { value: '2030-06-15' } });
    const time = within(form).getByLabelText(/Time/);
    fireEvent.change(time, { target: { value: '11:00' } });
    await user.click(within(form).getByRole('button', { name: 'Schedule' }));
    expect(within(form).getByText(LATER)).toBeInTheDocument();
    expect(time).toHaveAttribute('aria-invalid', 'true');

    fireEvent.change(time, { target: { value: '12:30' } });
    expect(within(form).queryByText(LATER)).not.toBeInTheDocument();
    expect(time).not.toHaveAttribute('aria-invalid', 'true');

    // Still wrong after a change: the error stays.
    fireEvent.change(time, { target: { value: '11:59' } });
    expect(within(form).getByText(LATER)).toBeInTheDocument();
    fireEvent.change(time, { target: { value: '12:30' } });
    await user.click(within(form).getByRole('button', { name: 'Schedule' }));
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({ share_at_date: '2030-06-15', share_at_time: '12:30:00' }),
    );
  });

  it('drops the time error when a later date makes the same time valid', async () => {
    const user = userEvent.setup();
    renderDialog();
    const form = await screen.findByRole('dialog', { name: 'Schedule delivery' });
    await user.type(within(form).getByLabelText(/Recipient e-mail/), 'kin@example.com');
    const date = within(form).getByLabelText(/Date/);
    fireEvent.change(date, { target: { value: '2030-06-15' } });
    fireEvent.change(within(form).getByLabelText(/Time/), { target: { value: '09:00' } });
    await user.click(within(form).getByRole('button', { name: 'Schedule' }));
    expect(within(form).getByText(LATER)).toBeInTheDocument();
    fireEvent.change(date, { target: { value: '2030-06-16' } });
    expect(within(form).queryByText(LATER)).not.toBeInTheDocument();
  });

  it('shows nothing before the first send, then the rules as the fields change', async () => {
    const user = userEvent.setup();
    renderDialog();
    const form = await screen.findByRole('dialog', { name: 'Schedule delivery' });
    const email = within(form).getByLabelText(/Recipient e-mail/);
    await user.type(email, 'kin@');
    expect(within(form).queryByRole('alert')).not.toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Schedule' }));
    expect(within(form).getByText('Please enter a valid e-mail address.')).toBeInTheDocument();
    await user.type(email, 'example.com');
    expect(within(form).queryByText('Please enter a valid e-mail address.')).not.toBeInTheDocument();
    expect(within(form).getByText('The date field is required.')).toBeInTheDocument();
  });

  it('takes an optional second address: refuses the recipient itself, then sends it', async () => {
    const user = userEvent.setup();
    const { onSubmit } = renderDialog();
    const form = await screen.findByRole('dialog', { name: 'Schedule delivery' });
    await user.type(within(form).getByLabelText(/Recipient e-mail/), 'kin@example.com');
    fireEvent.change(within(form).getByLabelText(/Date/), { target: { value: '2030-06-16' } });
    fireEvent.change(within(form).getByLabelText(/Time/), { target: { value: '09:00' } });
    const second = within(form).getByLabelText(/Second address/);
    await user.type(second, 'KIN@example.com');
    await user.click(within(form).getByRole('button', { name: 'Schedule' }));
    expect(
      within(form).getByText('The second address must be different from the recipient e-mail.'),
    ).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();

    await user.clear(second);
    await user.type(second, 'cousin@example.com');
    await user.click(within(form).getByRole('button', { name: 'Schedule' }));
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({ email: 'kin@example.com', fallback_email: 'cousin@example.com' }),
    );
  });

  it("shows the server's 422 on the fields it names, by their wire names, until the form is changed", async () => {
    const user = userEvent.setup();
    const refused = vi.fn(async () => {
      throw new ApiError(422, 'The given data was invalid.', {
        share_at_date: ['The share date and time must be in the future.'],
        fallback_email: ['The second address bounced before.'],
        note: ['The note is refused.'],
        title: ['Not a field of the schedule.'],
      });
    });
    renderDialog(refused);
    const form = await screen.findByRole('dialog', { name: 'Schedule delivery' });
    await user.type(within(form).getByLabelText(/Recipient e-mail/), 'kin@example.com');
    fireEvent.change(within(form).getByLabelText(/Date/), { target: { value: '2030-06-16' } });
    fireEvent.change(within(form).getByLabelText(/Time/), { target: { value: '09:00' } });
    await user.type(within(form).getByLabelText(/Second address/), 'cousin@example.com');
    await user.type(within(form).getByLabelText(NOTE_MESSAGES.label), 'Hello.');
    await user.click(within(form).getByRole('button', { name: 'Schedule' }));

    expect(await within(form).findByText('The share date and time must be in the future.')).toBeVisible();
    expect(within(form).getByLabelText(/Date/)).toHaveAttribute('aria-invalid', 'true');
    expect(within(form).getByLabelText(/Second address/)).toHaveAttribute('aria-invalid', 'true');
    expect(within(form).getByText('The second address bounced before.')).toBeInTheDocument();
    expect(within(form).getByLabelText(NOTE_MESSAGES.label)).toHaveClass('is-invalid');
    expect(within(form).getByText('The note is refused.')).toBeInTheDocument();
    expect(within(form).queryByText('Not a field of the schedule.')).not.toBeInTheDocument();

    fireEvent.change(within(form).getByLabelText(/Date/), { target: { value: '2030-06-17' } });
    expect(within(form).getByLabelText(/Date/)).not.toHaveAttribute('aria-invalid', 'true');
    expect(
      within(form).queryByText('The share date and time must be in the future.'),
    ).not.toBeInTheDocument();
  });

  it('schedules a yearly delivery, with or without a last year', async () => {
    const user = userEvent.setup();
    const { onSubmit } = renderDialog();
    const form = await screen.findByRole('dialog', { name: 'Schedule delivery' });
    await user.type(within(form).getByLabelText(/Recipient e-mail/), 'kin@example.com');
    fireEvent.change(within(form).getByLabelText(/Date/), { target: { value: '2030-07-01' } });
    fireEvent.change(within(form).getByLabelText(/Time/), { target: { value: '09:00' } });
    expect(within(form).queryByLabelText(/Until/)).not.toBeInTheDocument();
    await user.selectOptions(within(form).getByLabelText('Repeat'), 'Every year');
    fireEvent.change(within(form).getByLabelText(/Until/), { target: { value: '2035' } });
    await user.click(within(form).getByRole('button', { name: 'Schedule' }));
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({ share_at_date: '2030-07-01', repeat: 'yearly', repeat_until: 2035 }),
    );
  });

  it('asks whether to be told of the first open: on by default, off by keyboard, sent either way', async () => {
    const user = userEvent.setup();
    const { onSubmit } = renderDialog();
    const form = await screen.findByRole('dialog', { name: 'Schedule delivery' });
    const told = within(form).getByRole('checkbox', { name: RECEIPT_MESSAGES.checkboxLabel });
    expect(told).toBeChecked();
    await user.type(within(form).getByLabelText(/Recipient e-mail/), 'kin@example.com');
    fireEvent.change(within(form).getByLabelText(/Date/), { target: { value: '2030-07-01' } });
    fireEvent.change(within(form).getByLabelText(/Time/), { target: { value: '09:00' } });
    await user.click(within(form).getByRole('button', { name: 'Schedule' }));
    expect(onSubmit).toHaveBeenLastCalledWith(expect.objectContaining({ receipts: true }));

    told.focus();
    await user.keyboard(' ');
    expect(told).not.toBeChecked();
    await user.click(within(form).getByRole('button', { name: 'Schedule' }));
    expect(onSubmit).toHaveBeenLastCalledWith(expect.objectContaining({ receipts: false }));
  });

  it("takes the sender's note: refuses one over the limit, then sends it trimmed", async () => {
    const user = userEvent.setup();
    const { onSubmit } = renderDialog();
    const form = await screen.findByRole('dialog', { name: 'Schedule delivery' });
    await user.type(within(form).getByLabelText(/Recipient e-mail/), 'kin@example.com');
    fireEvent.change(within(form).getByLabelText(/Date/), { target: { value: '2030-06-16' } });
    fireEvent.change(within(form).getByLabelText(/Time/), { target: { value: '09:00' } });
    const note = within(form).getByLabelText(NOTE_MESSAGES.label);
    expect(note).toHaveAttribute('maxlength', String(NOTE_MAX));
    // Pasted past the box's own limit: the contract's words say why it is refused.
    fireEvent.change(note, { target: { value: 'x'.repeat(NOTE_MAX + 1) } });
    await user.click(within(form).getByRole('button', { name: 'Schedule' }));
    expect(within(form).getByText(NOTE_MESSAGES.tooLong)).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();

    fireEvent.change(note, { target: { value: '  Open it on your birthday.  ' } });
    await user.click(within(form).getByRole('button', { name: 'Schedule' }));
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ note: 'Open it on your birthday.' }));
  });

  it("changing a schedule starts from the delivery's own choice", async () => {
    renderWithApp(
      <ScheduleDialog
        show
        mode="change"
        video={videoFixture(8, 'scheduled', {
          email: 'kin@example.com',
          share_at_date: '2030-07-01',
          share_at_time: '09:00:00',
          delivery: {
            status: 'pending',
            recipient_email: 'kin@example.com',
            due_at: '2030-07-01T07:00:00.000Z',
            sent_at: null,
            attempts: 0,
            last_error: null,
            fallback_email: null,
            replaces_email: null,
            receipts: false,
            note: 'Open it on your birthday.',
          },
        })}
        busy={false}
        onCancel={() => undefined}
        onSubmit={vi.fn(async () => undefined)}
      />,
    );
    const form = await screen.findByRole('dialog', { name: 'Change time' });
    expect(within(form).getByRole('checkbox', { name: RECEIPT_MESSAGES.checkboxLabel })).not.toBeChecked();
    expect(within(form).getByLabelText(NOTE_MESSAGES.label)).toHaveValue('Open it on your birthday.');
  });
});
