import { describe, expect, it } from 'vitest';
import { badgeText, bellLabel, timeAgo } from './format';

describe('badgeText', () => {
  it('shows nothing without unread notifications', () => {
    expect(badgeText(0)).toBeNull();
    expect(badgeText(-1)).toBeNull();
  });
  it('shows the count up to 9 and caps above it at 9+', () => {
    expect(badgeText(1)).toBe('1');
    expect(badgeText(9)).toBe('9');
    expect(badgeText(10)).toBe('9+');
    expect(badgeText(250)).toBe('9+');
  });
});

describe('bellLabel', () => {
  it('names the real count even when the badge is capped', () => {
    expect(bellLabel(3)).toBe('Notifications, 3 unread');
    expect(bellLabel(42)).toBe('Notifications, 42 unread');
    expect(bellLabel(0)).toBe('Notifications, none unread');
  });
});

describe('timeAgo', () => {
  const now = Date.parse('2026-11-22T12:00:00Z');
  const at = (secondsAgo: number) => ({ created_at: new Date(now - secondsAgo * 1000).toISOString() });
  it('reads like speech', () => {
    expect(timeAgo(at(10), now)).toBe('just now');
    expect(timeAgo(at(5 * 60), now)).toBe('5 minutes ago');
    expect(timeAgo(at(3 * 3600), now)).toBe('3 hours ago');
    expect(timeAgo(at(24 * 3600), now)).toBe('yesterday');
    expect(timeAgo(at(14 * 24 * 3600), now)).toBe('2 weeks ago');
  });
  it("falls back to the server's phrase when the date cannot be read", () => {
    expect(timeAgo({ created_at: 'garbage', created_at_human: '2 days ago' }, now)).toBe('2 days ago');
  });
});
