import type { QueryUserType } from '@pw/contracts';

const USER_TYPE_LABELS: Record<QueryUserType, string> = {
  guest: 'Visitor',
  user: 'User',
  'funeral-home': 'Funeral Home',
};

export const USER_TYPE_OPTIONS = (Object.keys(USER_TYPE_LABELS) as QueryUserType[]).map((value) => ({
  value,
  label: USER_TYPE_LABELS[value],
}));

export const userTypeLabel = (type: string) => USER_TYPE_LABELS[type as QueryUserType] ?? type;
