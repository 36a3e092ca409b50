import { z } from 'zod';
import { INVALID_OPTION, requiredMessage } from '@pw/contracts';

/** The server keeps each text of the form up to 2,000 characters (contracts `funeralFormBody`). */
export const FORM_TEXT_MAX = 2000;

const choice = z.string({ error: INVALID_OPTION }).regex(/^[1-9]\d{0,9}$/, INVALID_OPTION);
const optional = z
  .string()
  .max(FORM_TEXT_MAX, `This text may not be longer than ${FORM_TEXT_MAX} characters.`);

/**
 * The Funeral Home Form as typed (docs/product.md §13.4 fields, §13.6 rules): funeral home, type and location of
 * service and officiant/speaker preferences required; an empty choice reads 'Please select a valid
 * option.' (§13.5); the rest optional. Checked here before sending; the server checks again.
 */
export const funeralFormSchema = z.object({
  user_id: choice,
  service_id: choice,
  location_id: choice,
  speaker: z
    .string()
    .trim()
    .min(1, requiredMessage('speaker'))
    .max(FORM_TEXT_MAX, `The speaker may not be longer than ${FORM_TEXT_MAX} characters.`),
  music: optional,
  additional_requests: optional,
  specific_rituals: optional,
  specific_requests: optional,
});
export type FuneralFormValues = z.input<typeof funeralFormSchema>;

export const emptyFuneralForm = (homeId: number | null): FuneralFormValues => ({
  user_id: homeId === null ? '' : String(homeId),
  service_id: '',
  location_id: '',
  speaker: '',
  music: '',
  additional_requests: '',
  specific_rituals: '',
  specific_requests: '',
});

/** The body the server reads: ids as numbers, empty optional texts left out. */
export function toFuneralFormBody(values: FuneralFormValues) {
  const text = (value: string) => (value.trim() === '' ? undefined : value.trim());
  return {
    user_id: Number(values.user_id),
    service_id: Number(values.service_id),
    location_id: Number(values.location_id),
    speaker: values.speaker.trim(),
    music: text(values.music),
    additional_requests: text(values.additional_requests),
    specific_rituals: text(values.specific_rituals),
    specific_requests: text(values.specific_requests),
  };
}
