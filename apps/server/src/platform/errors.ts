/**
 * One error model: services throw AppError; one Fastify error handler renders it in the contract's
 * envelope `{ message, errors? }`. Anything else becomes a 500 whose details go to the log only.
 */
export type FieldErrors = Record<string, string[]>;

export class AppError extends Error {
  constructor(
    public readonly status: number,
    message: string,
    public readonly errors?: FieldErrors,
    public readonly headers?: Record<string, string>,
    /** A body's `data` beside the message (e.g. a 423's state); never with `errors`. */
    public readonly data?: unknown,
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new AppError(400, message);
export const unauthorized = (message = 'Unauthenticated.') => new AppError(401, message);
export const forbidden = (message = 'You are not allowed to do this.') => new AppError(403, message);
export const notFound = (message = 'Not found.') => new AppError(404, message);
export const conflict = (message: string) => new AppError(409, message);
/** 423: the thing exists but is locked for now (a final message before its release, docs/product.md §6.1). */
export const locked = (message: string, data: unknown) =>
  new AppError(423, message, undefined, undefined, data);
export const tooLarge = (message = 'The file is too large.') => new AppError(413, message);

/** A 422 for one field, in the envelope the contract's forms read (message is the first error). */
export function invalid(field: string, message: string): AppError {
  return new AppError(422, message, { [field]: [message] });
}

export function validationFailed(errors: FieldErrors): AppError {
  const first = Object.values(errors)[0]?.[0] ?? 'The given data was invalid.';
  const more = Object.values(errors).flat().length - 1;
  const message = more > 0 ? `${first} (and ${more} more error${more > 1 ? 's' : ''})` : first;
  return new AppError(422, message, errors);
}

export const tooManyRequests = (retryAfterSeconds: number) =>
  new AppError(429, 'Too many attempts. Please try again later.', undefined, {
    'Retry-After': String(retryAfterSeconds),
  });
