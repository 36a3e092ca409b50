import { render, screen, waitFor, within, fireEvent } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { DialogProvider } from '@/components/dialog/DialogProvider';
import { ApiError } from '@/lib/api';
import { SCHEDULE_HEADING } from '@/components/form/ScheduleFields';
import type { Video } from '@pw/contracts';
import { buildStoreFields, classifyFailure, validateSchedule } from '../model/upload-flow';
import { clearPaidExtraTime, readPaidExtraTime, savePaidExtraTime } from '../model/paid-extra-time';
import { UPLOAD_WAITING_TEXT } from './ProgressModal';
import { useUploadFlow, type UploadService } from './use-upload-flow';

// 22 November 2026, 10:30 local time.
const NOW = new Date(2026, 10, 22, 10, 30, 0);

function video(overrides: Partial<Video> = {}): Video {
  return {
    id: 7,
    title: 'My title',
    description: 'For my family',
    type: 'draft',
    status: 'processing',
    state: 'processing',
    failure_reason: null,
    damaged: false,
    merging: null,
    video_link: null,
    video_thumbnail: null,
    captions: [],
    duration: null,
    duration_seconds: null,
    hashtags: [],
    total_likes: 0,
    is_liked: false,
    search_code: 'ABC123',
    access_code: null,
    is_private: 1,
    creator: { first_name: 'Ada', last_name: 'Uploader', email: 'ada@example.com' },
    email: null,
    share_at_date: null,
    share_at_time: null,
    timezone: null,
    created_at: '2026-11-22T10:30:00.000Z',
    updated_at: '2026-11-22T10:30:00.000Z',
    ...overrides,
  };
}

function fakeService(options: { uploadError?: unknown; processed?: Partial<Video> } = {}) {
  const service: UploadService & { calls: Parameters<UploadService['upload']>[0][] } = {
    calls: [],
    upload: vi.fn(async (input) => {
      service.calls.push(input);
      input.onProgress(0.5);
      if (options.uploadError) throw options.uploadError;
      return video({ type: input.fields.type });
    }),
    waitUntilProcessed: vi.fn(async (stored) => ({
      ...stored,
      state: 'ready' as const,
      ...options.processed,
    })),
  };
  return service;
}

function Harness(props: {
  total: number;
  rate?: string | Promise<string>;
  service: UploadService;
  onSaved: () => void;
  onFileError: () => void;
}) {
  const flow = useUploadFlow({
    files: () => [new File(['x'], 'a.mp4', { type: 'video/mp4' })],
    totalSeconds: props.total,
    title: 'My title',
    onSaved: props.onSaved,
    onFileError: props.onFileError,
    service: props.service,
    ratePerMinute: async () => (await props.rate) ?? null,
    now: () => NOW,
  });
  return (
    <>
      <button onClick={flow.start}>Upload</button>
      {flow.element}
    </>
  );
}

function setup(total: number, service = fakeService(), rate?: string | Promise<string>) {
  const onSaved = vi.fn();
  const onFileError = vi.fn();
  const user = userEvent.setup();
  render(
    <MemoryRouter initialEntries={['/user/video/upload']}>
      <DialogProvider>
        <Routes>
          <Route
            path="/user/video/upload"
            element={
              <Harness
                total={total}
                rate={rate}
                service={service}
                onSaved={onSaved}
                onFileError={onFileError}
              />
            }
          />
          <Route path="/user/video/upload/payment" element={<p>Payment page</p>} />
        </Routes>
      </DialogProvider>
    </MemoryRouter>,
  );
  return { user, onSaved, onFileError, service };
}

const dialogNamed = (name: string) => screen.findByRole('dialog', { name });

async function confirmSave(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Upload' }));
  const question = await dialogNamed('Save Video?');
  await user.click(within(question).getByRole('button', { name: 'Yes' }));
  return dialogNamed('Change Folder');
}

async function chooseFolderAndDescribe(user: ReturnType<typeof userEvent.setup>, folder: string) {
  const folderDialog = await confirmSave(user);
  await user.selectOptions(within(folderDialog).getByLabelText(/Save the video in/), folder);
  await user.click(within(folderDialog).getByRole('button', { name: 'Next' }));
  const titleDialog = await dialogNamed('Title');
  await user.click(within(titleDialog).getByRole('button', { name: 'Next' }));
  const descriptionDialog = await dialogNamed('Description');
  await user.type(
    within(descriptionDialog).getByPlaceholderText('Enter description of Your Video'),
    'For my family',
  );
  return descriptionDialog;
}

describe('upload dialog chain', () => {
  it('over 60 seconds opens Exceeding limit: Reselect closes it, Pay now opens the payment page', async () => {
    const { user, service } = setup(61);
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    let dialog = await dialogNamed('Exceeding limit');
    expect(dialog).toHaveTextContent('1:01');
    await user.click(within(dialog).getByRole('button', { name: 'Reselect video(s)' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByText('Change Folder')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Upload' }));
    dialog = await dialogNamed('Exceeding limit');
    await user.click(within(dialog).getByRole('button', { name: 'Pay now' }));
    expect(await screen.findByText('Payment page')).toBeInTheDocument();
    expect(service.upload).not.toHaveBeenCalled();
  });

  it("Exceeding limit says every video's first 60 s are free, members' too, and names the current rate", async () => {
    const { user } = setup(75, fakeService(), '0.99');
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    const dialog = await dialogNamed('Exceeding limit');
    expect(dialog).toHaveTextContent('Videos up to 60 seconds are free; buy extra time or reselect');
    expect(dialog).toHaveTextContent(
      "Every video's first 60 seconds are free, with or without a membership; extra minutes are bought at the current rate ($0.99 per minute).",
    );
  });

  it('names a rate the page had not read yet when Upload was pressed, once it is read', async () => {
    let answer: (rate: string) => void = () => {};
    const { user } = setup(75, fakeService(), new Promise<string>((resolve) => (answer = resolve)));
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    answer('1.35');
    expect(await dialogNamed('Exceeding limit')).toHaveTextContent(
      'extra minutes are bought at the current rate ($1.35 per minute).',
    );
  });

  it('exactly 60 seconds is within the free limit', async () => {
    const { user } = setup(60);
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await dialogNamed('Save Video?')).toBeInTheDocument();
  });

  it('answering No to Save Video? ends the chain', async () => {
    const { user, service } = setup(30);
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    const question = await dialogNamed('Save Video?');
    await user.click(within(question).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(service.upload).not.toHaveBeenCalled();
  });

  it('asks for a folder ("Please select a valid option."), a title and a description, then saves to Drafts', async () => {
    const { user, service, onSaved } = setup(42);
    const folderDialog = await confirmSave(user);
    await user.click(within(folderDialog).getByRole('button', { name: 'Next' }));
    expect(within(folderDialog).getByText('Please select a valid option.')).toBeInTheDocument();
    await user.selectOptions(within(folderDialog).getByLabelText(/Save the video in/), 'Drafts');
    expect(within(folderDialog).queryByText('Please select a valid option.')).not.toBeInTheDocument();
    await user.click(within(folderDialog).getByRole('button', { name: 'Next' }));

    const titleDialog = await dialogNamed('Title');
    const title = within(titleDialog).getByPlaceholderText('Title of your video');
    expect(title).toHaveValue('My title');
    await user.clear(title);
    await user.click(within(titleDialog).getByRole('button', { name: 'Next' }));
    expect(within(titleDialog).getByText('The title field is required.')).toBeInTheDocument();
    await user.type(title, 'Happy birthday');
    await user.click(within(titleDialog).getByRole('button', { name: 'Next' }));

    const descriptionDialog = await dialogNamed('Description');
    await user.click(within(descriptionDialog).getByRole('button', { name: 'Upload' }));
    expect(within(descriptionDialog).getByText('The description field is required.')).toBeInTheDocument();
    await user.type(
      within(descriptionDialog).getByPlaceholderText('Enter description of Your Video'),
      '  For Sam  ',
    );
    await user.click(within(descriptionDialog).getByRole('button', { name: 'Upload' }));

    const success = await dialogNamed('Video Saved');
    expect(success).toHaveTextContent('The video has been successfully saved to Drafts.');
    expect(service.calls[0]!.fields).toEqual({
      type: 'draft',
      title: 'Happy birthday',
      description: 'For Sam',
      duration: '00:00:42',
    });
    expect(service.calls[0]!.files.map((file) => file.name)).toEqual(['a.mp4']);
    expect(onSaved).not.toHaveBeenCalled();
    await user.click(within(success).getByRole('button', { name: 'Ok' }));
    expect(onSaved).toHaveBeenCalledWith({
      folder: 'draft',
      video: expect.objectContaining({ state: 'ready' }),
    });
  });

  it('Back returns to the previous step with the answer kept', async () => {
    const { user } = setup(10);
    const folderDialog = await confirmSave(user);
    await user.selectOptions(within(folderDialog).getByLabelText(/Save the video in/), 'My Parting Words');
    await user.click(within(folderDialog).getByRole('button', { name: 'Next' }));
    const titleDialog = await dialogNamed('Title');
    await user.click(within(titleDialog).getByRole('button', { name: 'Back' }));
    const again = await dialogNamed('Change Folder');
    expect(within(again).getByLabelText(/Save the video in/)).toHaveValue('final');
  });

  it('validates the Scheduled form, then sends e-mail, date, time with :00 and the time zone', async () => {
    const { user, service, onSaved } = setup(20);
    const descriptionDialog = await chooseFolderAndDescribe(user, 'Scheduled folder');
    await user.click(within(descriptionDialog).getByRole('button', { name: 'Next' }));

    const schedule = await dialogNamed(SCHEDULE_HEADING);
    const email = within(schedule).getByLabelText(/Recipient e-mail/);
    const date = within(schedule).getByLabelText(/Date/);
    const time = within(schedule).getByLabelText(/Time/);
    expect(email).toHaveAttribute('type', 'email');
    expect(date).toHaveAttribute('min', '2026-11-22');
    await user.click(within(schedule).getByRole('button', { name: 'Upload' }));
    expect(within(schedule).getByText('The email field is required.')).toBeInTheDocument();
    expect(within(schedule).getByText('The date field is required.')).toBeInTheDocument();
    expect(within(schedule).getByText('The time field is required.')).toBeInTheDocument();

    await user.type(email, 'sam@example');
    fireEvent.change(date, { target: { value: '2026-11-21' } });
    fireEvent.change(time, { target: { value: '09:00' } });
    await user.click(within(schedule).getByRole('button', { name: 'Upload' }));
    expect(within(schedule).getByText('Please enter a valid e-mail address.')).toBeInTheDocument();
    expect(within(schedule).getByText('The date must be today or later.')).toBeInTheDocument();

    await user.type(email, '.com');
    fireEvent.change(date, { target: { value: '2026-11-22' } });
    await user.click(within(schedule).getByRole('button', { name: 'Upload' }));
    expect(within(schedule).getByText('Please choose a time later than now.')).toBeInTheDocument();
    expect(service.upload).not.toHaveBeenCalled();

    fireEvent.change(time, { target: { value: '18:45' } });
    await user.click(within(schedule).getByRole('button', { name: 'Upload' }));
    const success = await dialogNamed('Video Saved and scheduled');
    expect(success).toHaveTextContent('sam@example.com');
    expect(success).toHaveTextContent('Scheduled folder');
    expect(success).not.toHaveTextContent('second address');
    expect(service.calls[0]!.fields).toEqual({
      type: 'scheduled',
      title: 'My title',
      description: 'For my family',
      duration: '00:00:20',
      email: 'sam@example.com',
      share_at_date: '2026-11-22',
      share_at_time: '18:45:00',
      timezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      // Nothing chosen below the time: once, no second address, the owner told of the first open.
      fallback_email: '',
      repeat: 'none',
      repeat_until: null,
      receipts: true,
    });
    await user.click(within(success).getByRole('button', { name: 'Ok' }));
    expect(onSaved).toHaveBeenCalledOnce();
  });

  it('the Scheduled step takes a second address and a yearly repeat, checks them, and the store call sends them', async () => {
    const { user, service } = setup(20);
    const descriptionDialog = await chooseFolderAndDescribe(user, 'Scheduled folder');
    await user.click(within(descriptionDialog).getByRole('button', { name: 'Next' }));
    const schedule = await dialogNamed(SCHEDULE_HEADING);
    await user.type(within(schedule).getByLabelText(/Recipient e-mail/), 'sam@example.com');
    fireEvent.change(within(schedule).getByLabelText(/Date/), { target: { value: '2027-03-14' } });
    fireEvent.change(within(schedule).getByLabelText(/Time/), { target: { value: '09:30' } });
    // The same parts as the library's schedule dialog.
    const second = within(schedule).getByLabelText(/Second address/);
    expect(second).toHaveAttribute('type', 'email');
    expect(within(schedule).queryByLabelText(/Until/)).not.toBeInTheDocument();
    await user.selectOptions(within(schedule).getByLabelText('Repeat'), 'Every year');
    const until = within(schedule).getByLabelText(/Until/);
    expect(until).toHaveAttribute('min', '2027');

    // The recipient again as the second address, and a last year before the first: refused, focus on the first.
    await user.type(second, 'SAM@example.com');
    fireEvent.change(until, { target: { value: '2026' } });
    await user.click(within(schedule).getByRole('button', { name: 'Upload' }));
    expect(
      within(schedule).getByText('The second address must be different from the recipient e-mail.'),
    ).toBeInTheDocument();
    expect(
      within(schedule).getByText('The repeat until year must not be before the year of the first delivery.'),
    ).toBeInTheDocument();
    expect(second).toHaveFocus();
    expect(service.upload).not.toHaveBeenCalled();

    await user.clear(second);
    await user.type(second, 'cousin@example.com');
    expect(
      within(schedule).queryByText('The second address must be different from the recipient e-mail.'),
    ).not.toBeInTheDocument();
    fireEvent.change(until, { target: { value: '12345' } });
    await user.click(within(schedule).getByRole('button', { name: 'Upload' }));
    expect(
      within(schedule).getByText('The repeat until field must be a year (e.g. 2030).'),
    ).toBeInTheDocument();
    expect(until).toHaveFocus();

    fireEvent.change(until, { target: { value: '2036' } });
    // Receipts on by default; turned off here, as in the schedule dialog.
    const told = within(schedule).getByRole('checkbox', { name: 'Tell me when it is opened' });
    expect(told).toBeChecked();
    await user.click(told);
    await user.click(within(schedule).getByRole('button', { name: 'Upload' }));
    // The second address is said once the video is scheduled.
    expect(await dialogNamed('Video Saved and scheduled')).toHaveTextContent(
      'If it cannot be delivered, it goes to your second address, cousin@example.com.',
    );
    expect(service.calls).toHaveLength(1);
    expect(service.calls[0]!.fields).toMatchObject({
      type: 'scheduled',
      email: 'sam@example.com',
      share_at_date: '2027-03-14',
      share_at_time: '09:30:00',
      fallback_email: 'cousin@example.com',
      repeat: 'yearly',
      repeat_until: 2036,
      receipts: false,
    });
  });

  it('a folder conflict ends in Unsuccessful with the spec text and keeps the clips', async () => {
    const conflict = new ApiError(
      409,
      'A file already exists in that folder. It needs to be removed before placing another file there.',
    );
    const { user, onSaved, onFileError } = setup(20, fakeService({ uploadError: conflict }));
    const descriptionDialog = await chooseFolderAndDescribe(user, 'My Parting Words');
    await user.click(within(descriptionDialog).getByRole('button', { name: 'Upload' }));
    const failure = await dialogNamed('Unsuccessful');
    expect(failure).toHaveTextContent(
      'A file already exists in that folder. It needs to be removed before placing another file there.',
    );
    await user.click(within(failure).getByRole('button', { name: 'Ok' }));
    expect(onSaved).not.toHaveBeenCalled();
    expect(onFileError).not.toHaveBeenCalled();
  });

  it("the server's 'Only Video File Allowed!' ends in File Error and leaves edit mode", async () => {
    const refused = new ApiError(422, 'Only Video File Allowed!', {
      'videos.0': ['Only Video File Allowed!'],
    });
    const { user, onFileError } = setup(20, fakeService({ uploadError: refused }));
    const descriptionDialog = await chooseFolderAndDescribe(user, 'Drafts');
    await user.click(within(descriptionDialog).getByRole('button', { name: 'Upload' }));
    const failure = await dialogNamed('File Error');
    expect(failure).toHaveTextContent('Only Video File Allowed!');
    await user.click(within(failure).getByRole('button', { name: 'Ok' }));
    expect(onFileError).toHaveBeenCalledOnce();
  });

  it('other server messages are shown as they are', async () => {
    const { user } = setup(20, fakeService({ uploadError: new ApiError(413, 'The file is too large.') }));
    const descriptionDialog = await chooseFolderAndDescribe(user, 'Drafts');
    await user.click(within(descriptionDialog).getByRole('button', { name: 'Upload' }));
    expect(await dialogNamed('Unsuccessful')).toHaveTextContent('The file is too large.');
  });

  it('says the upload waits for the network while it does, and saves when it goes on', async () => {
    let goOn: () => void = () => undefined;
    const service = fakeService();
    const upload = service.upload;
    service.upload = vi.fn(async (input) => {
      input.onWaiting?.(true);
      await new Promise<void>((resolve) => (goOn = resolve));
      input.onWaiting?.(false);
      return upload(input);
    });
    const { user, onSaved } = setup(20, service);
    const descriptionDialog = await chooseFolderAndDescribe(user, 'Drafts');
    await user.click(within(descriptionDialog).getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText(UPLOAD_WAITING_TEXT)).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Unsuccessful' })).not.toBeInTheDocument();

    goOn();
    await waitFor(() => expect(screen.queryByText(UPLOAD_WAITING_TEXT)).not.toBeInTheDocument());
    const saved = await dialogNamed('Video Saved');
    await user.click(within(saved).getByRole('button', { name: 'Ok' }));
    expect(onSaved).toHaveBeenCalledTimes(1);
  });

  it('a video that fails processing shows its reason and is not reported as saved', async () => {
    const service = fakeService({
      processed: { state: 'failed', failure_reason: 'The video has no picture.' },
    });
    const { user, onSaved } = setup(20, service);
    const descriptionDialog = await chooseFolderAndDescribe(user, 'Drafts');
    await user.click(within(descriptionDialog).getByRole('button', { name: 'Upload' }));
    expect(await dialogNamed('Unsuccessful')).toHaveTextContent('The video has no picture.');
    expect(onSaved).not.toHaveBeenCalled();
  });
});

describe('upload rules', () => {
  it('validateSchedule accepts a later time today and any time on a later day', () => {
    expect(
      validateSchedule({ email: 'a@b.co', share_at_date: '2026-11-22', share_at_time: '10:31' }, NOW),
    ).toEqual({});
    expect(
      validateSchedule({ email: 'a@b.co', share_at_date: '2026-11-23', share_at_time: '00:00' }, NOW),
    ).toEqual({});
    expect(
      validateSchedule({ email: 'a @b.co', share_at_date: '2026-11-23', share_at_time: '00:00' }, NOW),
    ).toEqual({
      email: 'Please enter a valid e-mail address.',
    });
  });

  it('buildStoreFields leaves the schedule out for other folders', () => {
    expect(
      buildStoreFields({
        folder: 'final',
        title: ' T ',
        description: ' D ',
        totalSeconds: 59.6,
        schedule: { email: 'a@b.co', share_at_date: '2026-11-23', share_at_time: '10:00' },
      }),
    ).toEqual({ type: 'final', title: 'T', description: 'D', duration: '00:01:00' });
  });

  it('classifyFailure recognises the allowance error and passes field messages through', () => {
    const tooLong = 'The video is longer than your 60 seconds allowance. Buy extra time to save it.';
    expect(classifyFailure(new ApiError(422, tooLong, { videos: [tooLong] })).kind).toBe('overLimit');
    expect(
      classifyFailure(new ApiError(422, 'The given data was invalid.', { title: ['Title is too long.'] })),
    ).toEqual({
      kind: 'message',
      message: 'Title is too long.',
    });
  });
});

describe('upload with bought extra time (docs/product.md §3.4)', () => {
  it('goes on to Save Video? when the stored payment covers the length, and sends its payment_id', async () => {
    savePaidExtraTime({ paymentId: '41', seconds: 60 });
    const { user, service, onSaved } = setup(75);
    const description = await chooseFolderAndDescribe(user, 'Drafts');
    await user.click(within(description).getByRole('button', { name: 'Upload' }));
    await user.click(within(await dialogNamed('Video Saved')).getByRole('button', { name: 'Ok' }));
    expect(service.calls[0]!.fields.payment_id).toBe('41');
    expect(onSaved).toHaveBeenCalled();
    // Used by this video: a later upload buys afresh.
    expect(readPaidExtraTime()).toBeNull();
  });

  it('still asks to pay when the stored payment is too short for the video', async () => {
    savePaidExtraTime({ paymentId: '41', seconds: 60 });
    const { user, service } = setup(125);
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await dialogNamed('Exceeding limit')).toBeInTheDocument();
    expect(service.upload).not.toHaveBeenCalled();
    clearPaidExtraTime();
  });

  it('forgets a payment the server refuses and offers to pay again', async () => {
    savePaidExtraTime({ paymentId: '41', seconds: 60 });
    const refused = new ApiError(422, 'The payment is invalid or already used.', {
      payment_id: ['The payment is invalid or already used.'],
    });
    const { user } = setup(75, fakeService({ uploadError: refused }));
    const description = await chooseFolderAndDescribe(user, 'Drafts');
    await user.click(within(description).getByRole('button', { name: 'Upload' }));
    expect(await dialogNamed('Exceeding limit')).toHaveTextContent('The payment is invalid or already used.');
    expect(readPaidExtraTime()).toBeNull();
  });
});

describe("the upload's optional captions", () => {
  const withCaptions = (answer: string | null) => {
    const service = fakeService();
    const saveCaptions = vi.fn(async () => answer);
    return Object.assign(service, { saveCaptions });
  };

  it('a transcript typed in the details step is saved for the video once it exists', async () => {
    const service = withCaptions(null);
    const { user, onSaved } = setup(30, service);
    const details = await chooseFolderAndDescribe(user, 'Drafts');
    const language = within(details).getByLabelText(/Language/);
    await user.clear(language);
    await user.type(language, 'en-gb');
    await user.type(within(details).getByLabelText(/Transcript/), 'Hello. I love you.');
    await user.click(within(details).getByRole('button', { name: 'Upload' }));
    const saved = await dialogNamed('Video Saved');
    expect(saved).not.toHaveTextContent('could not be saved');
    expect(service.saveCaptions).toHaveBeenCalledTimes(1);
    expect(service.saveCaptions).toHaveBeenCalledWith(7, {
      language: 'en-GB',
      body: { transcript: 'Hello. I love you.' },
    });
    await user.click(within(saved).getByRole('button', { name: 'Ok' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
  });

  it('a caption file with a bad line is named in the details step and nothing is uploaded', async () => {
    const service = withCaptions(null);
    const { user } = setup(30, service);
    const details = await chooseFolderAndDescribe(user, 'Drafts');
    const bad = 'WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nOne\n\n00:00:05.000 --> 00:00:04.000\nTwo\n';
    await user.upload(within(details).getByLabelText(/WebVTT or SRT file/), new File([bad], 'words.vtt'));
    expect(
      await within(details).findByText('Line 6: A caption must end after it starts.'),
    ).toBeInTheDocument();
    await user.click(within(details).getByRole('button', { name: 'Upload' }));
    expect(await dialogNamed('Description')).toBeInTheDocument();
    expect(service.upload).not.toHaveBeenCalled();
  });

  it('without captions nothing is sent for them', async () => {
    const quiet = withCaptions(null);
    const first = setup(30, quiet);
    const details = await chooseFolderAndDescribe(first.user, 'Drafts');
    await first.user.click(within(details).getByRole('button', { name: 'Upload' }));
    await dialogNamed('Video Saved');
    expect(quiet.saveCaptions).not.toHaveBeenCalled();
  });

  it('a refusal of the captions is said with the saved message', async () => {
    const service = withCaptions('The video is still being processed.');
    const { user } = setup(30, service);
    const details = await chooseFolderAndDescribe(user, 'Drafts');
    await user.type(within(details).getByLabelText(/Transcript/), 'Hello.');
    await user.click(within(details).getByRole('button', { name: 'Upload' }));
    const saved = await dialogNamed('Video Saved');
    expect(saved).toHaveTextContent(
      'The captions given with the upload could not be saved: The video is still being processed.',
    );
  });
});
