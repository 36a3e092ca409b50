/** docs/product.md §13.7: the status filter's values. */
export const STATUS_OPTIONS = [
  { value: '1', label: 'Active' },
  { value: '0', label: 'Inactive' },
] as const;
