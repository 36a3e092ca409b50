import {
  adminAccountRoutes,
  FUNERAL_HOME_ACTIVATED,
  FUNERAL_HOME_DEACTIVATED,
  USER_ACTIVATED,
  USER_DEACTIVATED,
} from '@pw/contracts';
import type { SelectFilterDef } from '@/components/data-table';

/** The two kinds of account the back office manages; each has its list, details and status call. */
export type AccountKind = 'users' | 'funeral-homes';

interface StatusTexts {
  title: string;
  /** Names the account and ends as a question: 'Are you sure you want to deactivate this user, Ada Lovelace?' */
  question: (name: string) => string;
  doneTitle: string;
  doneText: string;
}

export interface AccountArea {
  kind: AccountKind;
  /** The list's route (docs/product.md §9.2). */
  base: string;
  /** The status call (docs/product.md §13.2). */
  statusRoute: typeof adminAccountRoutes.userStatus | typeof adminAccountRoutes.funeralHomeStatus;
  /**
   * docs/product.md §13.5 with "User" (or, docs/product.md §13.8, "Funeral Home") for "Subscription Plan";
   * docs/product.md §13.8 names it.
   */
  texts: { activate: StatusTexts; deactivate: StatusTexts };
}

/**
 * The contract's question, with who it is about and a question mark: the admin sees which account the
 * change hits before saying Yes (docs/product.md §13.8). An account without a name is asked about as is.
 */
export const statusQuestion = (action: string, name: string) =>
  `Are you sure you want to ${action}${name.trim() ? `, ${name.trim()}` : ''}?`;

const statusTexts = (noun: string, activated: string, deactivated: string) => ({
  activate: {
    title: `Activate ${noun}`,
    question: (name: string) => statusQuestion(`activate this ${noun.toLowerCase()}`, name),
    doneTitle: `${noun} Activated`,
    doneText: activated,
  },
  deactivate: {
    title: `Deactivate ${noun}`,
    question: (name: string) => statusQuestion(`deactivate this ${noun.toLowerCase()}`, name),
    doneTitle: `${noun} Deactivated`,
    doneText: deactivated,
  },
});

export const ACCOUNT_AREAS: Record<AccountKind, AccountArea> = {
  users: {
    kind: 'users',
    base: '/admin/user-management',
    statusRoute: adminAccountRoutes.userStatus,
    texts: statusTexts('User', USER_ACTIVATED, USER_DEACTIVATED),
  },
  'funeral-homes': {
    kind: 'funeral-homes',
    base: '/admin/funeral-homes-management',
    statusRoute: adminAccountRoutes.funeralHomeStatus,
    texts: statusTexts('Funeral Home', FUNERAL_HOME_ACTIVATED, FUNERAL_HOME_DEACTIVATED),
  },
};

export const detailsPath = (area: AccountArea, id: number | string) => `${area.base}/details/${id}`;

/** The user's final message (docs/product.md §9.2: {product} is parting-words). */
export const partingWordsPath = (userId: number | string) =>
  `${detailsPath(ACCOUNT_AREAS.users, userId)}/parting-words`;

/** docs/product.md §13.7: Active=1, Inactive=0. */
export const STATUS_OPTIONS = [
  { value: '1', label: 'Active' },
  { value: '0', label: 'Inactive' },
] as const;

const statusFilter: SelectFilterDef = {
  key: 'status',
  label: 'Status',
  allLabel: 'All statuses',
  options: STATUS_OPTIONS,
};

const choices = (...labels: string[]) => labels.map((label) => ({ value: label.toLowerCase(), label }));

/**
 * docs/product.md §13.7's filters of the user list, under the contract's names: "Ad-free filter: subscriber or
 * un-subscriber", "Time package filter: Yearly, Monthly, un-subscriber" (life-time members too).
 */
export const USER_FILTERS: readonly SelectFilterDef[] = [
  statusFilter,
  {
    key: 'adSubscription',
    label: 'Ad-free subscription',
    allLabel: 'All ad-free',
    options: choices('Subscriber', 'Un-subscriber'),
  },
  {
    key: 'timeSubscription',
    label: 'Time package',
    allLabel: 'All time packages',
    options: choices('Yearly', 'Monthly', 'Life-time', 'Un-subscriber'),
  },
];

/** docs/product.md §13.7 "Funeral-home package filter: Monthly, Yearly, unsubscribe" (life-time plans too). */
export const FUNERAL_HOME_FILTERS: readonly SelectFilterDef[] = [
  statusFilter,
  {
    key: 'FilterByPackage',
    label: 'Package',
    allLabel: 'All packages',
    options: choices('Monthly', 'Yearly', 'Life-time', 'Unsubscribe'),
  },
];
