import { bannerAdRoutes } from '@pw/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AdminBannerAdDetail } from '@pw/contracts';
import { routeKey, fakeApi, type RecordedCall } from '@/test/fake-api';
import { renderAtRoute } from '@/test/render';
import { BannerReviewDetailsPage } from './BannerReviewDetailsPage';
import { reviewDetail } from './test-review';

const BASE = '/admin/bannerads-subscription-management';

function renderDetails(mode: 'approved' | 'new-request', id = 21) {
  const segment = mode === 'approved' ? 'approved-ads' : 'new-request';
  return renderAtRoute(
    `${BASE}/${segment}/:id`,
    <BannerReviewDetailsPage mode={mode} />,
    `${BASE}/${segment}/${id}`,
  );
}

/** A server holding one request: the decision changes what the detail answers afterwards. */
function reviewServer(
  start: AdminBannerAdDetail,
  decide?: (call: RecordedCall) => { status?: number; body: unknown },
) {
  let current = start;
  return fakeApi({
    [routeKey(bannerAdRoutes.detail, { id: 21 })]: () => ({ body: { data: current } }),
    [routeKey(bannerAdRoutes.updateStatus, { id: 21 })]: (call) => {
      if (decide) return decide(call);
      const body = JSON.parse(call.body as string) as { status: number; rejection_reason?: string };
      current =
        body.status === 1
          ? {
              ...current,
              status: 'approved',
              status_detail: 'approved',
              reviewed_at: '2026-11-22T10:00:00.000Z',
            }
          : {
              ...current,
              status: 'rejected',
              status_detail: 'rejected',
              rejection_reason: body.rejection_reason ?? null,
              reviewed_at: '2026-11-22T10:00:00.000Z',
            };
      return { body: { message: 'ok', data: current } };
    },
  });
}

const posts = (api: ReturnType<typeof fakeApi>) => api.calls.filter((call) => call.method === 'POST');

/** A new request opened; `decision` pressed, its question ('…approve this Ad?') read and answered Yes. */
async function answerYes(decision: 'Approve' | 'Reject') {
  const api = reviewServer(reviewDetail());
  const user = userEvent.setup();
  renderDetails('new-request');
  await user.click(await screen.findByRole('button', { name: decision }));
  expect(
    await screen.findByRole('heading', {
      name: `Are you sure you want to ${decision.toLowerCase()} this Ad?`,
    }),
  ).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Yes' }));
  return { api, user };
}

describe('BannerReviewDetailsPage', () => {
  it('shows the request with who sent it; approved-ads/{id} offers no decision', async () => {
    reviewServer(reviewDetail({ status: 'approved', status_detail: 'approved', views: 7, clicks: 2 }));
    renderDetails('approved');
    expect(await screen.findByText('Willow Funeral Home')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Approved Ad' })).toBeInTheDocument();
    expect(screen.getByText('Funeral Home')).toBeInTheDocument();
    expect(screen.getByText('willow@example.com')).toBeInTheDocument();
    expect(screen.getByText('Acme Flowers')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open Acme Flowers, image 1 of 1' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reject' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Back to approved ads/ })).toHaveAttribute(
      'href',
      `${BASE}?tab=approved-ads`,
    );
  });

  it('approves after the question, says so, and reads the request again', async () => {
    const { api, user } = await answerYes('Approve');
    expect(
      await screen.findByRole('heading', { name: 'Banner Ad Request Has Been Approved' }),
    ).toBeInTheDocument();
    expect(JSON.parse(posts(api)[0]!.body as string)).toEqual({ status: 1 });
    await user.click(screen.getByRole('button', { name: 'Ok' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument());
    expect(screen.getByText('Approved')).toBeInTheDocument();
    expect(posts(api)).toHaveLength(1);
  });

  it("sends nothing when the approval question is answered 'No'", async () => {
    const api = reviewServer(reviewDetail());
    const user = userEvent.setup();
    renderDetails('new-request');
    await user.click(await screen.findByRole('button', { name: 'Approve' }));
    await user.click(await screen.findByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(posts(api)).toHaveLength(0);
  });

  it('rejects with the reason typed in the Rejection Reason dialog, which requires one', async () => {
    const { api, user } = await answerYes('Reject');
    expect(await screen.findByRole('heading', { name: 'Rejection Reason' })).toBeInTheDocument();
    expect(screen.getByText('Please provide a reason for rejection.')).toBeInTheDocument();
    const reason = screen.getByPlaceholderText('Type here...');
    expect(screen.getByRole('button', { name: 'Submit' })).toBeDisabled();
    await user.type(reason, '   ');
    expect(screen.getByRole('button', { name: 'Submit' })).toBeDisabled();
    await user.clear(reason);
    await user.type(reason, 'The image is blurry.');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(
      await screen.findByRole('heading', { name: 'Banner Ad Request Has Been Rejected' }),
    ).toBeInTheDocument();
    expect(JSON.parse(posts(api)[0]!.body as string)).toEqual({
      status: 2,
      rejection_reason: 'The image is blurry.',
    });
    await user.click(screen.getByRole('button', { name: 'Ok' }));
    expect(await screen.findByText('The image is blurry.')).toBeInTheDocument();
    expect(screen.getByText('Rejected')).toBeInTheDocument();
  });

  it("shows the server's words when a decision is refused", async () => {
    reviewServer(reviewDetail(), () => ({
      status: 422,
      body: { message: 'This banner ad request has already been decided.', errors: {} },
    }));
    const user = userEvent.setup();
    renderDetails('new-request');
    await user.click(await screen.findByRole('button', { name: 'Approve' }));
    await user.click(await screen.findByRole('button', { name: 'Yes' }));
    expect(await screen.findByRole('heading', { name: 'Unsuccessful' })).toBeInTheDocument();
    expect(screen.getByText('This banner ad request has already been decided.')).toBeInTheDocument();
  });

  it('reads a missing request as not found, and a failed read as "Unable to fetch data"', async () => {
    fakeApi({
      [routeKey(bannerAdRoutes.detail, { id: 99 })]: () => ({ status: 404, body: { message: 'Not found.' } }),
    });
    const first = renderDetails('new-request', 99);
    expect(await screen.findByText('This banner ad request does not exist.')).toBeInTheDocument();
    first.unmount();
    fakeApi({ [routeKey(bannerAdRoutes.detail, { id: 21 })]: () => ({ status: 500, body: {} }) });
    renderDetails('approved');
    expect(await screen.findByText('Unable to fetch data')).toBeInTheDocument();
  });
});
