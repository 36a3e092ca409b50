import type { FuneralRequestDetail } from '@pw/contracts';

/**
 * A user request as this screen reads it. A request made by a grant alone carries the video and no
 * form yet (decision 0225: the form follows the grant, or is never sent): its form fields are null.
 */
export type UserRequest = Omit<FuneralRequestDetail, 'funeralPreferences' | 'speaker'> & {
  funeralPreferences: FuneralRequestDetail['funeralPreferences'] | null;
  speaker: string | null;
};

/** Whether the family sent the Funeral Home Form with this request. */
export const hasForm = (request: UserRequest) => request.funeralPreferences !== null;
