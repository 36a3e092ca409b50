import { describe, expect, it } from 'vitest';
import type { DeliveryInfo } from '@pw/contracts';
import { formatWhen } from '@/lib/dates';
import { videoFixture } from '@/test/video-fixture';
import {
  deliveryPhase,
  isLiveDelivery,
  latestOpened,
  openedText,
  repeatLine,
  scheduleCardLines,
  scheduledMoment,
} from './delivery';

const delivery = (status: DeliveryInfo['status']): DeliveryInfo => ({
  status,
  recipient_email: 'kin@example.com',
  due_at: '2026-11-20T09:00:00.000Z',
  sent_at: status === 'sent' ? '2026-11-20T09:00:01.000Z' : null,
  attempts: status === 'pending' ? 0 : 1,
  last_error: status === 'failed' ? 'Mailbox unavailable' : null,
  fallback_email: null,
  replaces_email: null,
});
const scheduled = (extra = {}) =>
  videoFixture(5, 'scheduled', { share_at_date: '2026-11-20', share_at_time: '10:00:00', ...extra });

describe('deliveryPhase', () => {
  it("follows the server's delivery status", () => {
    expect(deliveryPhase(scheduled({ delivery: delivery('pending') }))).toBe('pending');
    expect(deliveryPhase(scheduled({ delivery: delivery('sending') }))).toBe('pending');
    expect(deliveryPhase(scheduled({ delivery: delivery('sent') }))).toBe('delivered');
    expect(deliveryPhase(scheduled({ delivery: delivery('failed') }))).toBe('failed');
    expect(deliveryPhase(scheduled({ delivery: delivery('awaiting_owner') }))).toBe('awaiting');
    expect(deliveryPhase(scheduled({ delivery: delivery('cancelled') }))).toBe('none');
    expect(deliveryPhase(scheduled({ delivery: null }))).toBe('none');
  });

  it('treats an unreported schedule as still to be sent, and other folders as having none', () => {
    expect(deliveryPhase(scheduled())).toBe('pending');
    expect(deliveryPhase(videoFixture(7, 'draft', { delivery: delivery('sent') }))).toBe('none');
  });

  it('counts a delivery awaiting the owner as live, like a pending one (moving or deleting cancels it)', () => {
    expect(isLiveDelivery('pending')).toBe(true);
    expect(isLiveDelivery('awaiting')).toBe(true);
    expect(isLiveDelivery('delivered')).toBe(false);
    expect(isLiveDelivery('failed')).toBe(false);
    expect(isLiveDelivery('none')).toBe(false);
  });

  it("writes the owner's schedule for people", () => {
    expect(scheduledMoment(scheduled())).toBe('20 November 2026 at 10:00');
    expect(scheduledMoment(videoFixture(7, 'draft'))).toBeNull();
  });
});

describe('scheduleCardLines', () => {
  it('a one-time delivery: to whom and when, then the second address when one was given', () => {
    const once = scheduled({
      email: 'kin@example.com',
      delivery: { ...delivery('pending'), repeat: 'none' },
    });
    expect(scheduleCardLines(once)).toEqual(['To kin@example.com · 20 November 2026 at 10:00']);
    const withSecond = { ...once, delivery: { ...once.delivery!, fallback_email: 'ann@example.com' } };
    expect(scheduleCardLines(withSecond)).toEqual([
      'To kin@example.com · 20 November 2026 at 10:00',
      'Second address: ann@example.com',
    ]);
  });

  it("the sender's note, cut to a line on the card", () => {
    const withNote = (note: string) =>
      scheduled({ email: 'kin@example.com', delivery: { ...delivery('pending'), repeat: 'none', note } });
    expect(scheduleCardLines(withNote('  Open this on your birthday.  '))[1]).toBe(
      'Note: Open this on your birthday.',
    );
    const long = 'a'.repeat(200);
    expect(scheduleCardLines(withNote(long))[1]).toBe(`Note: ${'a'.repeat(79)}…`);
    expect(scheduleCardLines(withNote('   '))).toHaveLength(1);
  });

  it('a yearly delivery: to whom only (its repeat line says when); nothing outside Scheduled', () => {
    const yearly = scheduled({
      email: 'kin@example.com',
      delivery: { ...delivery('pending'), repeat: 'yearly', repeat_until: null, next_at: null },
    });
    expect(scheduleCardLines(yearly)).toEqual(['To kin@example.com']);
    expect(scheduleCardLines(videoFixture(8, 'draft', { email: 'kin@example.com' }))).toEqual([]);
  });
});

describe('repeatLine', () => {
  it("says a yearly delivery in the contracts' words, with the next day in the owner's zone", () => {
    const video = scheduled({
      share_at_date: '2026-03-12',
      share_at_time: '09:00:00',
      timezone: 'America/New_York',
      delivery: {
        ...delivery('pending'),
        repeat: 'yearly',
        repeat_until: null,
        next_at: '2027-03-12T13:00:00.000Z',
      },
    });
    expect(repeatLine(video)).toBe('Every year on 12 March at 09:00 — next: 12 March 2027');
    expect(
      repeatLine({ ...video, delivery: { ...video.delivery!, repeat_until: 2030, next_at: null } }),
    ).toBe('Every year on 12 March at 09:00 until 2030');
  });

  it('is null for a delivery sent once, and for a video without one', () => {
    expect(repeatLine(scheduled({ delivery: { ...delivery('pending'), repeat: 'none' } }))).toBeNull();
    expect(repeatLine(scheduled({ delivery: null }))).toBeNull();
  });
});

describe('openedText and latestOpened (docs/product.md §5.8)', () => {
  const entry = (opened_at: string | null, open_count: number, status: 'sent' | 'failed' = 'sent') => ({
    at: '2027-03-12T09:00:00.000Z',
    status,
    recipient: 'kin@example.com',
    receipts: true,
    opened_at,
    open_count,
  });

  it('says when the first open was, the count past one, and "Not opened yet" for a sent one', () => {
    const at = '2027-03-12T09:14:00.000Z';
    expect(openedText(entry(at, 1))).toBe(`Opened on ${formatWhen(at)}`);
    expect(openedText(entry(at, 3))).toBe(`Opened on ${formatWhen(at)} · 3 opens`);
    expect(openedText(entry(null, 0))).toBe('Not opened yet');
    expect(openedText(entry(null, 0, 'failed'))).toBeNull();
  });

  it('says nothing of an occurrence sent without receipts, even one an answer gives opens for', () => {
    const at = '2027-03-12T09:14:00.000Z';
    expect(openedText({ ...entry(at, 3), receipts: false })).toBeNull();
    expect(openedText({ ...entry(null, 0), receipts: false })).toBeNull();
  });

  it("reads the latest finished occurrence of a scheduled video's delivery", () => {
    const at = '2027-03-12T09:14:00.000Z';
    const video = scheduled({
      delivery: { ...delivery('sent'), history: [entry(at, 2), entry(null, 0)] },
    });
    expect(latestOpened(video)).toBe(`Opened on ${formatWhen(at)} · 2 opens`);
    expect(latestOpened(scheduled({ delivery: { ...delivery('pending'), history: [] } }))).toBeNull();
    expect(latestOpened(videoFixture(6, 'draft'))).toBeNull();
  });
});
