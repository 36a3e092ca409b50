/** A paginated answer of `rows` as the server pages them (page and per_page of the call). */
export { pagedAnswer as pageOf } from '@/test/paged-reply';

/** A reply that never comes: the screen stays in its loading state. */
export const never = () => new Promise<never>(() => {});
