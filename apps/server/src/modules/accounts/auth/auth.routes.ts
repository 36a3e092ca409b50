import { accountRoutes, ACCOUNT_MESSAGES } from '@pw/contracts';
import type { Router } from '../../../platform/http/route';
import { accountOf } from './auth.guard';
import type { AuthService } from './auth.service';
import type { PasswordResetService } from './password-reset.service';
import type { SvgRasterizer } from '../../../platform/media/svg-raster';
import { photoUpload, readPhoto } from '../photos';

/** The same calls in both areas: the user area's routes and the admin area's. */
const areas = [
  {
    area: 'web',
    login: accountRoutes.webLogin,
    logout: accountRoutes.webLogout,
    resetPassword: accountRoutes.webResetPassword,
    verifyCode: accountRoutes.webVerifyCode,
    setPassword: accountRoutes.webSetPassword,
  },
  {
    area: 'admin',
    login: accountRoutes.adminLogin,
    logout: accountRoutes.adminLogout,
    resetPassword: accountRoutes.adminResetPassword,
    verifyCode: accountRoutes.adminVerifyCode,
    setPassword: accountRoutes.adminSetPassword,
  },
] as const;

/** Sign-up, login, logout and the password reset (docs/product.md §13.2 paths): each handler only calls a service. */
export function registerAuthRoutes(
  router: Router,
  auth: AuthService,
  reset: PasswordResetService,
  svg: SvgRasterizer,
) {
  const signups = [
    { kind: 'user', route: accountRoutes.userSignup },
    { kind: 'funeral-home', route: accountRoutes.funeralHomeSignup },
  ] as const;
  for (const { kind, route } of signups) {
    // The service checks the fields itself: their errors, the photo's and a taken e-mail come together.
    router.routeWithRawFields(
      route,
      async ({ body, files, request }) => {
        const data = await auth.signup(kind, body, await readPhoto(files, svg), request.ip);
        return { message: ACCOUNT_MESSAGES.signedUp, data };
      },
      photoUpload,
    );
  }

  for (const { area, ...routes } of areas) {
    router.route(routes.login, async ({ body, request }) => ({
      message: ACCOUNT_MESSAGES.loggedIn,
      data: await auth.login(area, body, request.ip),
    }));

    router.route(routes.logout, async ({ request }) => {
      await auth.logout(accountOf(request));
      return { message: ACCOUNT_MESSAGES.loggedOut, data: null };
    });

    router.route(routes.resetPassword, async ({ body, request }) => {
      await reset.requestReset(area, body.email, request.ip);
      return { message: ACCOUNT_MESSAGES.resetSent, data: null };
    });

    router.route(routes.verifyCode, async ({ body, request }) => {
      await reset.verifyCode(area, body.email, body.token, request.ip);
      return { message: ACCOUNT_MESSAGES.codeValid, data: null };
    });

    router.route(routes.setPassword, async ({ body, request }) => {
      await reset.setPassword(area, body, request.ip);
      return { message: ACCOUNT_MESSAGES.passwordReset, data: null };
    });
  }
}
