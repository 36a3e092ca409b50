import { describe, expect, it } from 'vitest';
import { getTableColumns } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { scheduledDeliveries, type DeliveryRow } from './delivery.schema';
import { scheduleCopySql, scheduleOfRow } from './delivery.copy';

const row: DeliveryRow = {
  id: 7,
  videoId: 3,
  ownerId: 2,
  recipientEmail: 'kin@example.test',
  fallbackEmail: 'other@example.test',
  fallbackOf: null,
  dueAt: new Date('2030-07-01T07:30:00Z'),
  nextAttemptAt: new Date('2030-07-01T07:30:00Z'),
  status: 'sent',
  attempts: 1,
  lastError: null,
  tokenHash: 'hash',
  messageId: '<m@pw.test>',
  claimedAt: null,
  firstAttemptAt: null,
  claimedBy: null,
  sentAt: new Date('2030-07-01T07:30:05Z'),
  ownerNotifiedAt: null,
  openedAt: null,
  openCount: 2,
  receipts: false,
  repeat: 'yearly',
  repeatUntil: 2040,
  note: 'Open it on your birthday.',
  timezone: 'Europe/Paris',
  localAt: '2030-07-01T09:30:00',
  rolledOverAt: null,
  createdAt: new Date('2030-06-01T00:00:00Z'),
  updatedAt: new Date('2030-07-01T07:30:05Z'),
};

describe("a delivery row's schedule, as its copies carry it", () => {
  it('is every column but the occurrence’s own (moment, link, attempts, outcome)', () => {
    expect(scheduleOfRow(row)).toEqual({
      videoId: 3,
      ownerId: 2,
      recipientEmail: 'kin@example.test',
      fallbackEmail: 'other@example.test',
      receipts: false,
      repeat: 'yearly',
      repeatUntil: 2040,
      note: 'Open it on your birthday.',
      timezone: 'Europe/Paris',
      localAt: '2030-07-01T09:30:00',
    });
  });

  it('names the same columns for a copy made in one statement, read from the aliased row', () => {
    const { columns, values } = scheduleCopySql('prev');
    const dialect = new PgDialect();
    const names = Object.keys(scheduleOfRow(row)).map(
      (key) => getTableColumns(scheduledDeliveries)[key as keyof DeliveryRow].name,
    );
    expect(dialect.sqlToQuery(columns).sql).toBe(names.map((name) => `"${name}"`).join(', '));
    expect(dialect.sqlToQuery(values).sql).toBe(names.map((name) => `"prev"."${name}"`).join(', '));
  });
});
