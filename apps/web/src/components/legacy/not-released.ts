import { notReleasedResponse } from '@pw/contracts';
import { ApiError } from '@/lib/api';

export type NotReleased = ReturnType<typeof notReleasedResponse.parse>;

/**
 * The 423 `detail-by-access-code` answers before a final message is released (decision 0249): a message
 * exists for the code, with where it stands (`sealed`, or `waiting` when a report's period runs). Null
 * for any other failure.
 */
export function notReleased(error: unknown): NotReleased | null {
  if (!(error instanceof ApiError) || error.status !== 423) return null;
  const parsed = notReleasedResponse.safeParse(error.body);
  return parsed.success ? parsed.data : null;
}
