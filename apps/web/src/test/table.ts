import { within } from '@testing-library/react';

/** A table's column headers as the user reads them, without the sort arrows (▲▼). */
export const columnHeaders = (table: HTMLElement) =>
  within(table)
    .getAllByRole('columnheader')
    .map((header) => header.textContent?.replace(/[▲▼]/g, '').trim());
