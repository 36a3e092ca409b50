import {
  BANNER_IMAGE_MAX_BYTES,
  BANNER_IMAGES_MAX,
  BANNER_MESSAGES,
  bannerAdCreateBody,
} from '@pw/contracts';
import { validationFailed, type FieldErrors } from '../../platform/errors';
import type { UploadedFile } from '../../platform/http/body';
import type { RouteOptions } from '../../platform/http/route';
import { fieldErrorsFromIssues } from '../../platform/http/zod-errors';
import type { SvgRasterizer } from '../../platform/media/svg-raster';
import { inspectImage, type InspectedImage } from '../../platform/storage/images';
import type { BannerAdFields } from './banner-ads.service';

/**
 * The form reads one file more than it keeps (docs/product.md §8.4): a fourth image is answered with the
 * the contract's limit as a field error (422); a fifth stops the body before it is read (413). Each file is
 * cut off at 15 MB while it streams, never read whole.
 */
export const bannerImagesUpload: RouteOptions = {
  files: {
    max: BANNER_IMAGES_MAX + 1,
    maxBytes: BANNER_IMAGE_MAX_BYTES,
    tooLargeMessage: BANNER_MESSAGES.imageTooLarge,
  },
};

const textFields = bannerAdCreateBody.omit({ images: true });
const isImagePart = (file: UploadedFile) => file.field === 'images' || file.field === 'images[]';

/**
 * The fields and the images of a banner ad request, every problem in one 422: the images are checked
 * by their content (platform/storage/images) before anything is stored; an SVG becomes a PNG.
 */
export async function readBannerAdForm(
  raw: Record<string, unknown>,
  files: UploadedFile[],
  svg: SvgRasterizer,
): Promise<{ fields: BannerAdFields; images: InspectedImage[] }> {
  const { images: _sentAsText, ...rest } = raw;
  const result = textFields.safeParse(rest);
  const errors: FieldErrors = result.success ? {} : fieldErrorsFromIssues(result.error.issues);
  const parts = files.filter(isImagePart);
  const images: InspectedImage[] = [];
  if (parts.length === 0) errors.images = [BANNER_MESSAGES.imagesRequired];
  else if (parts.length > BANNER_IMAGES_MAX) errors.images = [BANNER_MESSAGES.tooManyImages];
  else {
    for (const part of parts) {
      const inspected = await inspectImage(part.path, svg);
      if ('error' in inspected) {
        errors.images = [inspected.error];
        break;
      }
      images.push(inspected);
    }
  }
  if (Object.keys(errors).length > 0 || !result.success) throw validationFailed(errors);
  return { fields: result.data, images };
}
