import { videoRoutes, planRoutes, paymentRoutes, routeUrl } from '@pw/contracts';
import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithApp } from '@/test/render';
import { routeKey, fakeApi, type FakeApi } from '@/test/fake-api';
import { videoFixture } from '@/test/video-fixture';
import { BUY_EXTRA_TIME, DraftsPanel } from './DraftsPanel';
import { MERGING_TEXTS } from './MergingNote';
import type { Video } from '@pw/contracts';

const draft = (id: number, duration: string, state: Video['state'] = 'ready'): Video =>
  videoFixture(id, 'draft', { duration, state, title: `Draft ${id}` });

/** Edit, select the drafts in join order, Next, Copy. */
/** Enters selection mode (Edit) and ticks the drafts titled. */
async function selectDrafts(user: ReturnType<typeof userEvent.setup>, titles: string[]) {
  await user.click(await screen.findByRole('button', { name: 'Edit' }));
  for (const title of titles)
    await user.click(screen.getByRole('checkbox', { name: new RegExp(`Select ${title}`) }));
}

async function mergeWithCopy(user: ReturnType<typeof userEvent.setup>, titles: string[]) {
  await selectDrafts(user, titles);
  await user.click(screen.getByRole('button', { name: 'Next' }));
  await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Copy' }));
}

describe('Drafts multi-select and merge', () => {
  let drafts: Video[];
  let server: FakeApi;
  let mergeStatus = 200;

  beforeEach(() => {
    drafts = [
      draft(1, '00:00:20'),
      draft(2, '00:00:15'),
      draft(3, '00:00:40'),
      draft(4, '00:00:05', 'processing'),
    ];
    mergeStatus = 200;
    server = fakeApi({
      [routeKey(videoRoutes.listDraft)]: () => ({ body: { data: drafts } }),
      [routeKey(videoRoutes.copyMove)]: () =>
        mergeStatus === 200
          ? { body: { message: 'Videos Merged Successfully!', data: draft(9, '00:00:35') } }
          : {
              status: mergeStatus,
              body: { message: 'The merged video would be longer than your allowance.' },
            },
    });
  });

  it("keeps the word 'Edit' and says beside it that it selects drafts to join", async () => {
    renderWithApp(<DraftsPanel />);
    const edit = await screen.findByRole('button', { name: 'Edit' });
    expect(edit).toHaveAccessibleDescription('Select two or more drafts to join them into one video.');
    expect(screen.getByText('Select two or more drafts to join them into one video.')).toBeVisible();
  });

  it("shows 'Oops!' when Next is pressed with fewer than two drafts", async () => {
    const user = userEvent.setup();
    renderWithApp(<DraftsPanel />);
    await selectDrafts(user, ['Draft 1']);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Oops!')).toBeInTheDocument();
    expect(within(dialog).getByText('please Select Atleast 2 Videos to Continue!')).toBeInTheDocument();
    expect(server.calls.some((call) => call.path.includes('copyMove'))).toBe(false);
  });

  it('merges the selected drafts in selection order with Move, then reloads the list', async () => {
    const user = userEvent.setup();
    renderWithApp(<DraftsPanel />);
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    // Keyboard: the checkboxes are real inputs, toggled with Space.
    screen.getByRole('checkbox', { name: /Select Draft 2/ }).focus();
    await user.keyboard(' ');
    await user.click(screen.getByRole('checkbox', { name: /Select Draft 1/ }));
    expect(screen.getByLabelText('Number 1 in the merge order')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: /Select Draft 4/ })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    const ask = await screen.findByRole('dialog');
    expect(within(ask).getByText(/cannot be reverted/)).toBeInTheDocument();
    drafts = [draft(3, '00:00:40'), draft(9, '00:00:35')];
    await user.click(within(ask).getByRole('button', { name: 'Move' }));

    expect(await screen.findByText('Videos Merged Successfully!')).toBeInTheDocument();
    const merge = server.calls.find((call) => call.path === routeUrl(videoRoutes.copyMove));
    const form = merge?.body as FormData;
    expect(form.getAll('video_ids[]')).toEqual(['2', '1']);
    expect(form.get('action')).toBe('move');
    await waitFor(() => expect(screen.queryByText('Draft 1')).not.toBeInTheDocument());
    expect(screen.getByText('Draft 9')).toBeInTheDocument();
    // Selection mode ends after a merge.
    expect(screen.getByRole('button', { name: 'Edit' })).toBeInTheDocument();
  });

  it('after a merge, the drafts it joins say on their cards that they are being merged, and how', async () => {
    const user = userEvent.setup();
    renderWithApp(<DraftsPanel />);
    expect(await screen.findByText('Draft 1')).toBeVisible();
    expect(screen.queryByText(MERGING_TEXTS.badge)).not.toBeInTheDocument();
    // The server's list once the merge is asked for: its sources name how, the new draft is processing.
    drafts = [
      { ...draft(9, '00:00:35', 'processing'), title: 'Draft 1 + Draft 2' },
      { ...draft(1, '00:00:20'), merging: 'copy' },
      { ...draft(2, '00:00:15'), merging: 'copy' },
      draft(3, '00:00:40'),
    ];
    await mergeWithCopy(user, ['Draft 1', 'Draft 2']);
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Videos Merged Successfully!' })).getByRole('button', {
        name: 'Ok',
      }),
    );
    const cardOf = (title: string) => screen.getByText(title).closest('.video-card') as HTMLElement;
    await waitFor(() => expect(within(cardOf('Draft 1')).getByText(MERGING_TEXTS.badge)).toBeVisible());
    expect(within(cardOf('Draft 2')).getByText(MERGING_TEXTS.copy)).toBeVisible();
    expect(within(cardOf('Draft 3')).queryByText(MERGING_TEXTS.badge)).not.toBeInTheDocument();
    expect(within(cardOf('Draft 1 + Draft 2')).getByText('Processing…')).toBeVisible();
    expect(within(cardOf('Draft 1 + Draft 2')).queryByText(MERGING_TEXTS.badge)).not.toBeInTheDocument();
  });

  it('names the merged draft after its sources and lets the person rename it at once', async () => {
    const merged = { ...draft(9, '00:00:35'), title: 'Draft 2 + Draft 1' };
    server.on('POST', routeUrl(videoRoutes.copyMove), () => ({
      body: { message: 'Videos Merged Successfully!', data: merged },
    }));
    server.on('POST', routeUrl(videoRoutes.updateTitleDesc, { id: 9 }), (call) => ({
      body: { message: 'Video Title and description has been updated', data: JSON.parse(String(call.body)) },
    }));
    const user = userEvent.setup();
    renderWithApp(<DraftsPanel />);
    await mergeWithCopy(user, ['Draft 2', 'Draft 1']);

    const done = await screen.findByRole('dialog', { name: 'Videos Merged Successfully!' });
    expect(within(done).getByText('Your new draft is called “Draft 2 + Draft 1”.')).toBeInTheDocument();
    await user.click(within(done).getByRole('button', { name: 'Rename' }));
    const title = await screen.findByLabelText(/^Title/);
    expect(title).toHaveValue('Draft 2 + Draft 1');
    await user.clear(title);
    await user.type(title, 'Our summer');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Video Title and description has been updated')).toBeInTheDocument();
    const rename = server.calls.find((call) => call.path.endsWith('/9/update-title-desc'));
    expect(JSON.parse(String(rename!.body))).toEqual({ title: 'Our summer', description: 'Words for later' });
  });

  it("closes the merge's success with Ok without renaming", async () => {
    const user = userEvent.setup();
    renderWithApp(<DraftsPanel />);
    await mergeWithCopy(user, ['Draft 1', 'Draft 2']);
    const done = await screen.findByRole('dialog', { name: 'Videos Merged Successfully!' });
    await user.click(within(done).getByRole('button', { name: 'Ok' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.calls.some((call) => call.path.includes('update-title-desc'))).toBe(false);
  });

  it('refuses a selection longer than 60 seconds before calling the server', async () => {
    const user = userEvent.setup();
    renderWithApp(<DraftsPanel />);
    await selectDrafts(user, ['Draft 1', 'Draft 3', 'Draft 2']);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Oops!')).toBeInTheDocument();
    expect(within(dialog).getByText(/last 1:15, more than the 60 seconds/)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: BUY_EXTRA_TIME })).toBeInTheDocument();
    expect(server.calls.some((call) => call.path.includes('copyMove'))).toBe(false);
  });

  it("offers to buy the extra minutes from 'Oops!', then merges with durationGreater and payment_id", async () => {
    server.on('GET', routeUrl(planRoutes.userPlans), () => ({
      body: {
        data: { categories: [], one_time_rate: { id: 1, rate: '0.99', updated_at: '2026-11-01T00:00:00Z' } },
      },
    }));
    server.on('POST', routeUrl(paymentRoutes.extraTimePayment), () => ({
      body: {
        message: 'ok',
        data: {
          id: 41,
          payment_id: '41',
          amount: '0.99',
          currency: 'USD',
          brand: 'visa',
          last4: '4242',
          created_at: '2026-11-22T10:00:00.000Z',
          message: 'Payment Successfully Made!',
        },
      },
    }));
    const user = userEvent.setup();
    renderWithApp(<DraftsPanel />);
    await selectDrafts(user, ['Draft 1', 'Draft 3', 'Draft 2']);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    const oops = await screen.findByRole('dialog', { name: 'Oops!' });
    await user.click(within(oops).getByRole('button', { name: BUY_EXTRA_TIME }));
    const form = await screen.findByRole('dialog', { name: 'Buy extra time' });
    expect(await within(form).findByTestId('extra-minutes')).toHaveTextContent('1');
    await user.type(within(form).getByLabelText(/Card Holder Name/), 'Ruth Tester');
    await user.type(within(form).getByLabelText(/Card Number/), '4242 4242 4242 4242');
    await user.type(within(form).getByLabelText(/Expiry Date/), '12/30');
    await user.type(within(form).getByLabelText(/CVV/), '123');
    await user.click(within(form).getByRole('button', { name: 'Pay $0.99' }));
    const paid = await screen.findByRole('dialog', { name: 'Payment Successfully Made!' });
    await user.click(within(paid).getByRole('button', { name: 'Ok' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Merge videos' })).getByRole('button', {
        name: 'Copy',
      }),
    );
    await screen.findByRole('dialog', { name: 'Videos Merged Successfully!' });
    const merge = server.calls.find((call) => call.path.includes('copyMove'))!.body as FormData;
    expect(merge.getAll('video_ids[]')).toEqual(['1', '3', '2']);
    expect(merge.get('durationGreater')).toBe('1');
    expect(merge.get('payment_id')).toBe('41');
  }, 20_000);

  it("shows the server's 422 as the 'Oops!' dialog", async () => {
    mergeStatus = 422;
    const user = userEvent.setup();
    renderWithApp(<DraftsPanel />);
    await mergeWithCopy(user, ['Draft 1', 'Draft 2']);
    expect(
      await screen.findByText('The merged video would be longer than your allowance.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Oops!')).toBeInTheDocument();
  });

  it('Cancel leaves selection mode and clears the selection', async () => {
    const user = userEvent.setup();
    renderWithApp(<DraftsPanel />);
    await selectDrafts(user, ['Draft 1']);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    expect(screen.getByRole('checkbox', { name: /Select Draft 1/ })).not.toBeChecked();
  });
});
