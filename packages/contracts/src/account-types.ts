/**
 * The three kinds of account. In a file of their own because the route table's access rule names them
 * and the accounts' routes are defined with that table.
 */
export const accountTypes = ['user', 'funeral-home', 'admin'] as const;
export type AccountType = (typeof accountTypes)[number];
