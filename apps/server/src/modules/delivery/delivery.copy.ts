import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import { scheduledDeliveries as d, type DeliveryRow } from './delivery.schema';

/**
 * The columns each delivery row has of its own: its moment, its link, its attempts and their outcome.
 * Every other column is the schedule (to whom, how, repeating how), which a copy of the row carries:
 * a column added to the table is the schedule's, and copied, unless it is named here.
 */
const OWN_COLUMNS = [
  'id',
  'fallbackOf',
  'dueAt',
  'nextAttemptAt',
  'status',
  'attempts',
  'lastError',
  'tokenHash',
  'messageId',
  'claimedAt',
  'firstAttemptAt',
  'claimedBy',
  'sentAt',
  'ownerNotifiedAt',
  'openedAt',
  'openCount',
  'rolledOverAt',
  'createdAt',
  'updatedAt',
] as const satisfies ReadonlyArray<keyof DeliveryRow>;

/** A row's schedule: what a copy of it (the next yearly occurrence, the second address's) starts from. */
export type RowSchedule = Omit<DeliveryRow, (typeof OWN_COLUMNS)[number]>;

const own: ReadonlySet<string> = new Set(OWN_COLUMNS);
const scheduleColumns = Object.entries(getTableColumns(d)).filter(([key]) => !own.has(key));

/** The schedule of `row`, to insert a copy of it with its own columns beside. */
export function scheduleOfRow(row: DeliveryRow): RowSchedule {
  return Object.fromEntries(
    scheduleColumns.map(([key]) => [key, row[key as keyof DeliveryRow]]),
  ) as RowSchedule;
}

/**
 * The same for a copy made in one statement (`insert … select` from the row aliased `from`): the
 * schedule's column names to insert into, and the values to select.
 */
export function scheduleCopySql(from: string): { columns: SQL; values: SQL } {
  const names = scheduleColumns.map(([, column]) => column.name);
  return {
    columns: sql.join(
      names.map((name) => sql.identifier(name)),
      sql`, `,
    ),
    values: sql.join(
      names.map((name) => sql`${sql.identifier(from)}.${sql.identifier(name)}`),
      sql`, `,
    ),
  };
}
