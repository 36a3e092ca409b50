import type { Account, ActivePlan } from '@pw/contracts';
import type { AccountType } from './accounts.schema';
import type { UserRow } from './accounts.repo';
import { photoUrl } from './photos';

/** The user area (`/web/user/...`) serves users and funeral homes; the admin area only admins. */
export type Area = 'web' | 'admin';

export const belongsTo = (type: AccountType, area: Area) =>
  area === 'admin' ? type === 'admin' : type !== 'admin';

/** The account's running plans (the payments module's answer, handed in by the composition root). */
export type ActivePlansOf = (accountId: number, type: AccountType) => Promise<ActivePlan>;

/** The account as the client reads it (docs/product.md §13.4 session user and profile), with its running plans. */
export async function accountView(row: UserRow, activePlans: ActivePlansOf): Promise<Account> {
  return toAccount(row, await activePlans(row.id, row.type));
}

/** The account as the client reads it (docs/product.md §13.4 session user and profile). */
export function toAccount(row: UserRow, activePlan: ActivePlan): Account {
  return {
    id: row.id,
    type: row.type,
    email: row.email,
    first_name: row.firstName,
    last_name: row.lastName,
    home_name: row.homeName,
    dialing_code: row.dialingCode,
    phone: row.phone,
    address: row.address,
    map_link: row.mapLink,
    photo_path: photoUrl(row.photoKey),
    date_of_birth: row.dateOfBirth,
    status: row.status,
    created_at: row.createdAt.toISOString(),
    active_plan: activePlan,
  };
}
