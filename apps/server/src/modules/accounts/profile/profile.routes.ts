import { accountRoutes, adminProfileUpdateBody, profileUpdateBody, ACCOUNT_MESSAGES } from '@pw/contracts';
import type { Router } from '../../../platform/http/route';
import { accountOf } from '../auth';
import type { SvgRasterizer } from '../../../platform/media/svg-raster';
import { checkFields, photoUpload, readPhoto } from '../photos';
import type { ProfileService } from './profile.service';

/** Each role's own profile calls; the admin's form has its own fields (docs/product.md §13.2). */
const roles = [
  {
    profile: accountRoutes.userProfile,
    update: accountRoutes.userProfileUpdate,
    changePassword: accountRoutes.userChangePassword,
    fields: profileUpdateBody,
  },
  {
    profile: accountRoutes.funeralHomeProfile,
    update: accountRoutes.funeralHomeProfileUpdate,
    changePassword: accountRoutes.funeralHomeChangePassword,
    fields: profileUpdateBody,
  },
  {
    profile: accountRoutes.adminProfile,
    update: accountRoutes.adminProfileUpdate,
    changePassword: accountRoutes.adminChangePassword,
    fields: adminProfileUpdateBody,
  },
] as const;

/** Profiles and change password, per role (docs/product.md §13.2 paths): each handler only calls the service. */
export function registerProfileRoutes(router: Router, service: ProfileService, svg: SvgRasterizer) {
  for (const { profile, update, changePassword, fields } of roles) {
    router.route(profile, async ({ request }) => ({ data: await service.profile(accountOf(request)) }));

    // The fields are checked here, with the photo, so that one 422 names every problem.
    router.routeWithRawFields(
      update,
      async ({ body, files, request }) => {
        const photo = await readPhoto(files, svg);
        const input = checkFields<typeof profileUpdateBody | typeof adminProfileUpdateBody>(
          fields,
          body,
          photo,
        );
        const data = await service.updateProfile(accountOf(request), input, photo.photo);
        return { message: ACCOUNT_MESSAGES.profileUpdated, data };
      },
      photoUpload,
    );

    router.route(changePassword, async ({ body, request }) => {
      await service.changePassword(accountOf(request), body);
      return { message: ACCOUNT_MESSAGES.passwordChanged, data: null };
    });
  }
}
