import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { videoRoutes, type Video } from '@pw/contracts';
import { fakeApi, routeKey } from '@/test/fake-api';
import { renderWithApp } from '@/test/render';
import { videoFixture } from '@/test/video-fixture';
import { EMPTY_SCHEDULE } from '@/lib/schedule-form';
import { SCHEDULE_HEADING, SCHEDULE_LABELS, scheduleIntro } from '@/components/form/ScheduleFields';
import { freeDeliveryTaken } from '../api/free-delivery';
import { FREE_DELIVERY_TAKEN, ScheduleStep } from './steps';

const open = (allowanceTaken: () => Promise<boolean>, onSaveAsDraft = vi.fn()) => {
  renderWithApp(
    <ScheduleStep
      initial={EMPTY_SCHEDULE}
      onNext={vi.fn()}
      onCancel={vi.fn()}
      onSaveAsDraft={onSaveAsDraft}
      allowanceTaken={allowanceTaken}
    />,
    { route: '/user/video/upload' },
  );
  return onSaveAsDraft;
};

describe("the upload's Scheduled step and the free plan's one waiting delivery", () => {
  it('says it before any upload, with the plans and Save as a draft instead', async () => {
    const onSaveAsDraft = open(async () => true);
    expect(await screen.findByText(FREE_DELIVERY_TAKEN)).toBeVisible();
    expect(screen.getByRole('link', { name: 'See plans' })).toHaveAttribute(
      'href',
      '/user/subscription-plans',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save as a draft instead' }));
    expect(onSaveAsDraft).toHaveBeenCalledOnce();
  });

  it('says nothing while the allowance is free', async () => {
    open(async () => false);
    expect(await screen.findByLabelText(/Recipient e-mail/)).toBeVisible();
    expect(screen.queryByText(FREE_DELIVERY_TAKEN)).not.toBeInTheDocument();
  });

  it("is headed and labelled as the library's schedule dialog (one form wherever a video is scheduled)", async () => {
    open(async () => false);
    expect(await screen.findByRole('dialog', { name: SCHEDULE_HEADING })).toBeVisible();
    for (const label of Object.values(SCHEDULE_LABELS))
      expect(screen.getByLabelText(new RegExp(`^${label}`))).toBeRequired();
    expect(screen.getByText(scheduleIntro())).toBeVisible();
    expect(screen.getByLabelText(/Second address/)).toBeVisible();
  });

  it('counts the waiting deliveries of the Scheduled folder; a delivered one does not count', async () => {
    // Only the delivery's status counts here; the rest of it is not read.
    const withStatus = (id: number, status: string) =>
      videoFixture(id, 'scheduled', { delivery: { status } as Video['delivery'] });
    const [pending, sent] = [withStatus(1, 'pending'), withStatus(2, 'sent')];
    fakeApi({ [routeKey(videoRoutes.listScheduled)]: () => ({ body: { data: [sent] } }) });
    expect(await freeDeliveryTaken()).toBe(false);
    fakeApi({ [routeKey(videoRoutes.listScheduled)]: () => ({ body: { data: [sent, pending] } }) });
    expect(await freeDeliveryTaken()).toBe(true);
  });
});
