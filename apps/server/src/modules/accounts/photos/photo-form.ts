import type { z } from 'zod';
import { IMAGE_MAX_BYTES, ACCOUNT_MESSAGES } from '@pw/contracts';
import { validationFailed, type FieldErrors } from '../../../platform/errors';
import type { UploadedFile } from '../../../platform/http/body';
import type { RouteOptions } from '../../../platform/http/route';
import type { SvgRasterizer } from '../../../platform/media/svg-raster';
import { fieldErrorsFromIssues } from '../../../platform/http/zod-errors';
import { inspectPhoto, type InspectedPhoto } from './photos';

/** Forms with a photo take one file, up to 15 MB; forms without one refuse file parts (415). */
export const photoUpload: RouteOptions = {
  files: { max: 1, maxBytes: IMAGE_MAX_BYTES, tooLargeMessage: ACCOUNT_MESSAGES.photoTooLarge },
};

/** A form's `photo` as read from its files: checked by content, stored only once every field is right. */
export interface FormPhoto {
  photo: InspectedPhoto | undefined;
  photoErrors: FieldErrors;
}

/**
 * The form's optional `photo` file, checked by content (temporary files end with the request); an SVG
 * comes back as the PNG drawn from it.
 */
export async function readPhoto(files: UploadedFile[], svg: SvgRasterizer): Promise<FormPhoto> {
  const file = files.find((item) => item.field === 'photo');
  if (!file) return { photo: undefined, photoErrors: {} };
  const inspected = await inspectPhoto(file.path, svg);
  if ('error' in inspected) return { photo: undefined, photoErrors: { photo: [inspected.error] } };
  return { photo: inspected, photoErrors: {} };
}

/** The fields through `schema`, with every field error and the photo's reported together in one 422. */
export function checkFields<S extends z.ZodType>(
  schema: S,
  raw: Record<string, unknown>,
  { photoErrors }: FormPhoto,
): z.output<S> {
  const result = schema.safeParse(raw);
  const errors: FieldErrors = result.success ? {} : fieldErrorsFromIssues(result.error.issues);
  Object.assign(errors, photoErrors);
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
  return result.data as z.output<S>;
}
