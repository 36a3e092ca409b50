import { eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { readOnlyView } from '../../platform/db/read-only';
import { users } from './accounts.schema';

/** `users.status` of an account that may sign in, be seen and hand things on (1; 0 is deactivated). */
const ACTIVE = 1;

/**
 * THE rule of an active account (docs/product.md §2.6): everything that asks whether an account is
 * active (its sign-in, its videos, its deliveries, its ads, its export) asks this, on a row…
 */
export function isActiveAccount(account: { status: number }): boolean {
  return account.status === ACTIVE;
}

/** …or in a query, on the `status` of `accountsView` (or of the table, inside this module). */
export function activeAccount(account: { status: PgColumn }): SQL {
  return eq(account.status, ACTIVE);
}

/**
 * Whether the account with this id is active, as a scalar subquery by the users' primary key: for a
 * condition over many rows of another table, where a join would read the whole users table.
 */
export function accountActiveById(accountId: PgColumn | SQL): SQL {
  return sql`(select ${users.status} from ${users} where ${users.id} = ${accountId}) = ${sql.raw(String(ACTIVE))}`;
}

const { passwordHash: _secret, ...shared } = getTableColumns(users);

/**
 * The accounts as other modules read and join them (decision 0310): every column but the password's
 * hash, read-only. Name it as the query needs (`owner`, `granter`, `users`).
 */
export function accountsView<TAlias extends string>(alias: TAlias) {
  return readOnlyView(users, alias, shared);
}

/**
 * The full name as the admin's lists search it: first, a space, last, the very expression
 * `users_full_name_trgm_idx` indexes (it still matches the index through `accountsView`).
 */
export function fullNameOf(account: { firstName: PgColumn; lastName: PgColumn }): SQL {
  return sql`(${account.firstName} || ' ' || ${account.lastName})`;
}
