import type { FuneralRequestDetail } from '@pw/contracts';

/** A user request with the family's form; a request made by a grant alone has none yet (`has_form`). */
export type UserRequest = FuneralRequestDetail;

/**
 * Whether the family sent the Funeral Home Form with this request (docs/product.md §8.2 pairs it with the
 * grant).
 */
export const hasForm = (request: UserRequest) => request.has_form && request.funeralPreferences !== null;
