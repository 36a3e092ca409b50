import { planRoutes, paymentRoutes } from '@pw/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routeKey, fakeApi } from '@/test/fake-api';
import { renderWithApp } from '@/test/render';
import type { EditListStore, EditVideo } from '@/lib/edit-list/edit-list-store';
import { clearPaidExtraTime, readPaidExtraTime, savePaidExtraTime } from '../model/paid-extra-time';
import { clearEditTitle } from '../model/edit-title';
import { EditMode } from './EditMode';
import type { UploadService } from './use-upload-flow';

// A 75 s clip: over the free minute. jsdom cannot measure video, so the measurement is given.
vi.mock('@/lib/edit-list/use-clip-durations', () => ({
  useClipDurations: () => ({ byId: { a: 75 }, total: 75, measuring: false, unknown: [] }),
}));

const items: EditVideo[] = [{ id: 'a', name: 'goodbye.mp4', url: 'blob:a', type: 'video/mp4', size: 10 }];
const store = {
  file: () => new File(['x'], 'goodbye.mp4', { type: 'video/mp4' }),
  move: vi.fn(),
  remove: vi.fn(),
  clear: vi.fn(async () => {}),
} as unknown as EditListStore;
const service: UploadService = {
  upload: vi.fn(),
  waitUntilProcessed: vi.fn(),
};
const offer = {
  [routeKey(planRoutes.userPlans)]: () => ({
    body: {
      data: {
        categories: [],
        one_time_rate: { id: 1, rate: '0.99', updated_at: '2026-11-01T00:00:00.000Z' },
      },
    },
  }),
};
const unusedMinute = {
  payment_id: '77',
  seconds: 60,
  minutes: 1,
  amount: '0.99',
  created_at: '2026-11-20T10:00:00.000Z',
};

const renderEditMode = () =>
  renderWithApp(
    <EditMode items={items} store={store} flow={{ service, onSaved: vi.fn(), onFileError: vi.fn() }} />,
    {
      route: '/user/video/upload',
    },
  );

afterEach(() => {
  clearPaidExtraTime();
  clearEditTitle();
});

describe('EditMode and extra time', () => {
  it('keeps the typed title through the payment: the Title dialog starts with it on the way back', async () => {
    fakeApi({ ...offer });
    const user = userEvent.setup();
    const first = renderEditMode();
    await user.type(screen.getByLabelText('Title'), 'Words for Mum');
    // Pay now leaves the page for the payment page, which keeps the payment for the upload.
    first.unmount();
    savePaidExtraTime({ paymentId: '41', seconds: 60 });

    renderEditMode();
    expect(screen.getByLabelText('Title')).toHaveValue('Words for Mum');
    expect(screen.getByTestId('total-length')).toHaveTextContent('Your extra time is paid');
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    const question = await screen.findByRole('dialog', { name: 'Save Video?' });
    await user.click(within(question).getByRole('button', { name: 'Yes' }));
    const folder = await screen.findByRole('dialog', { name: 'Change Folder' });
    await user.selectOptions(within(folder).getByLabelText(/Save the video in/), 'Drafts');
    await user.click(within(folder).getByRole('button', { name: 'Next' }));
    const title = await screen.findByRole('dialog', { name: 'Title' });
    expect(within(title).getByRole('textbox')).toHaveValue('Words for Mum');
  }, 20_000);

  it('lists extra time bought earlier and unused, with its minutes, and applies it', async () => {
    fakeApi({
      ...offer,
      [routeKey(paymentRoutes.unusedExtraTime)]: () => ({ body: { data: [unusedMinute] } }),
    });
    const user = userEvent.setup();
    renderEditMode();
    const list = await screen.findByRole('region', { name: 'Extra time you already paid for' });
    expect(list).toHaveTextContent('1 minute, bought');
    await user.click(within(list).getByRole('button', { name: /Use 1 minute/ }));
    expect(readPaidExtraTime()).toEqual({ paymentId: '77', seconds: 60 });
    expect(screen.getByTestId('total-length')).toHaveTextContent('Your extra time is paid');
  });

  it("says in 'Exceeding limit' that every video's first 60 s are free, also for members", async () => {
    fakeApi({ ...offer });
    const user = userEvent.setup();
    renderEditMode();
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    const dialog = await screen.findByRole('dialog', { name: 'Exceeding limit' });
    expect(dialog).toHaveTextContent(
      "Every video's first 60 seconds are free, with or without a membership; extra minutes are bought at the current rate",
    );
  });
});
