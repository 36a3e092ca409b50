/**
 * The salutation that opens an e-mail: 'Hello Ruth,', or a neutral 'Hello,' for an account that has no
 * name (the first administrator when ADMIN_NAME is not set), never a placeholder name.
 */
export function hello(firstName: string | null | undefined): string {
  const name = firstName?.trim();
  return name ? `Hello ${name},` : 'Hello,';
}
