import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accountResponse,
  adminProfileUpdateBody,
  changePasswordBody,
  funeralHomeSignupBody,
  IMAGE_MAX_BYTES,
  loginBody,
  loginResponse,
  messageResponse,
  photoFile,
  profileUpdateBody,
  resetPasswordBody,
  setPasswordBody,
  userSignupBody,
  verifyCodeBody,
} from '@pw/contracts';
import type { AppDeps } from '../app-deps';
import { validationFailed, type FieldErrors } from '../../platform/errors';
import { parseBody } from '../../platform/http/body';
import { bodyReadInHandler, formContentTypes } from '../../platform/http/form-route';
import { fieldErrorsFromIssues } from '../../platform/http/zod-errors';
import { accountOf } from './auth.guard';
import type { AccountType } from './accounts.schema';
import { createAccountsRepo } from './accounts.repo';
import { createAccountsService, MESSAGES, type Area } from './accounts.service';
import { inspectPhoto, type InspectedPhoto } from './photos';
import { registerPhotoRoutes } from './photos.routes';

const PHOTO_TOO_LARGE = 'The photo may not be larger than 15 MB.';
const anyFields = z.record(z.string(), z.unknown());

/**
 * A JSON or multipart form: its fields as sent, and its optional `photo` checked by content. Forms
 * without a photo refuse file parts; temporary files end with the request (platform/http/request-uploads.ts).
 */
async function readFormParts(request: FastifyRequest, options = { photo: true }) {
  const parsed = await parseBody(request, anyFields, {
    files: options.photo
      ? { max: 1, maxBytes: IMAGE_MAX_BYTES, tooLargeMessage: PHOTO_TOO_LARGE }
      : undefined,
  });
  const photoErrors: FieldErrors = {};
  let photo: InspectedPhoto | undefined;
  const file = parsed.files.find((item) => item.field === 'photo');
  if (file) {
    const inspected = await inspectPhoto(file.path);
    if ('error' in inspected) photoErrors.photo = [inspected.error];
    else photo = inspected;
  }
  return { raw: parsed.fields, photo, photoErrors };
}

/**
 * Reads a JSON or multipart form: the fields through `schema` and an optional `photo` file checked by
 * content, with every field error and the photo's error reported together in one 422.
 */
async function readForm<S extends z.ZodType>(request: FastifyRequest, schema: S, options = { photo: true }) {
  const { raw, photo, photoErrors } = await readFormParts(request, options);
  const result = schema.safeParse(raw);
  const errors: FieldErrors = result.success ? {} : fieldErrorsFromIssues(result.error.issues);
  Object.assign(errors, photoErrors);
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
  return { fields: result.data as z.output<S>, photo };
}

const bearer = [{ bearer: [] }];

/** Sign-up, login, logout, password reset, profiles, change password and contact us (spec §7 paths). */
export async function registerAccountRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const service = createAccountsService({
    repo: createAccountsRepo(deps.db),
    sessions: deps.sessions,
    clock: deps.clock,
    mailer: deps.mailer,
    storage: deps.storage,
    rateLimiter: deps.rateLimiter,
    events: deps.events,
    notifications: deps.notifications,
    secret: deps.secret,
    logger: deps.logger,
  });
  const { auth } = deps;

  // ---- Sign-up -------------------------------------------------------------------------------
  api.post(
    '/web/user/signup',
    {
      ...bodyReadInHandler,
      schema: {
        tags: ['Accounts'],
        summary: 'Sign up as a user (18 or older); signs the new account in',
        consumes: formContentTypes,
        body: userSignupBody.safeExtend({ photo: photoFile }),
        response: { 201: loginResponse },
      },
    },
    async (request, reply) => {
      // The service checks the fields itself: their errors, the photo's and a taken e-mail come together.
      const { raw, photo, photoErrors } = await readFormParts(request);
      const data = await service.signup('user', raw, { photo, photoErrors }, request.ip);
      return reply.status(201).send({ message: MESSAGES.signedUp, data });
    },
  );

  api.post(
    '/web/funeral-home/signup',
    {
      ...bodyReadInHandler,
      schema: {
        tags: ['Accounts'],
        summary: 'Sign up as a funeral home; signs the new account in',
        consumes: formContentTypes,
        body: funeralHomeSignupBody.safeExtend({ photo: photoFile }),
        response: { 201: loginResponse },
      },
    },
    async (request, reply) => {
      // The service checks the fields itself: their errors, the photo's and a taken e-mail come together.
      const { raw, photo, photoErrors } = await readFormParts(request);
      const data = await service.signup('funeral-home', raw, { photo, photoErrors }, request.ip);
      return reply.status(201).send({ message: MESSAGES.signedUp, data });
    },
  );

  // ---- Login, logout, password reset: the same calls in both areas -----------------------------
  const areas: Array<{ area: Area; prefix: string; roles: AccountType[]; who: string }> = [
    { area: 'web', prefix: '/web/user', roles: ['user', 'funeral-home'], who: 'users and funeral homes' },
    { area: 'admin', prefix: '/admin', roles: ['admin'], who: 'admins' },
  ];
  for (const { area, prefix, roles, who } of areas) {
    api.post(
      `${prefix}/login`,
      {
        ...bodyReadInHandler,
        schema: {
          tags: ['Accounts'],
          summary: `Log in (${who} only); remember: false gives 12 hours, true 30 days`,
          body: loginBody,
          response: { 200: loginResponse },
        },
      },
      async (request) => {
        const { fields } = await parseBody(request, loginBody);
        return { message: MESSAGES.loggedIn, data: await service.login(area, fields, request.ip) };
      },
    );

    api.post(
      `${prefix}/logout`,
      {
        preHandler: auth.required(...roles),
        schema: {
          tags: ['Accounts'],
          summary: 'Log out: revokes the calling credential',
          security: bearer,
          response: { 200: messageResponse },
        },
      },
      async (request) => {
        await service.logout(accountOf(request));
        return { message: MESSAGES.loggedOut, data: null };
      },
    );

    api.post(
      `${prefix}/reset/password`,
      {
        ...bodyReadInHandler,
        schema: {
          tags: ['Password reset'],
          summary: `Forgot password, step 1 (${who}): e-mails a 6-digit code valid 10 minutes; same answer for unknown e-mails`,
          body: resetPasswordBody,
          response: { 200: messageResponse },
        },
      },
      async (request) => {
        const { fields } = await parseBody(request, resetPasswordBody);
        await service.requestReset(area, fields.email, request.ip);
        return { message: MESSAGES.resetSent, data: null };
      },
    );

    api.post(
      `${prefix}/verify/code`,
      {
        ...bodyReadInHandler,
        schema: {
          tags: ['Password reset'],
          summary:
            'Forgot password, step 2: checks the code (token) without spending it; 5 wrong tries kill it',
          body: verifyCodeBody,
          response: { 200: messageResponse },
        },
      },
      async (request) => {
        const { fields } = await parseBody(request, verifyCodeBody);
        await service.verifyCode(area, fields.email, fields.token, request.ip);
        return { message: MESSAGES.codeValid, data: null };
      },
    );

    api.post(
      `${prefix}/set/password`,
      {
        ...bodyReadInHandler,
        schema: {
          tags: ['Password reset'],
          summary: 'Forgot password, step 3: sets the password, spends the code, signs out every session',
          body: setPasswordBody,
          response: { 200: messageResponse },
        },
      },
      async (request) => {
        const { fields } = await parseBody(request, setPasswordBody);
        await service.setPassword(area, fields, request.ip);
        return { message: MESSAGES.passwordReset, data: null };
      },
    );
  }

  // ---- Profiles and change password, per role -------------------------------------------------
  const profiles: Array<{ role: AccountType; prefix: string; body: z.ZodType }> = [
    { role: 'user', prefix: '/web/user', body: profileUpdateBody },
    { role: 'funeral-home', prefix: '/web/funeral-home', body: profileUpdateBody },
    { role: 'admin', prefix: '/admin', body: adminProfileUpdateBody },
  ];
  for (const { role, prefix, body } of profiles) {
    const guard = auth.required(role);
    api.get(
      `${prefix}/profile`,
      {
        preHandler: guard,
        schema: {
          tags: ['Profile'],
          summary: `The signed-in ${role}'s account`,
          security: bearer,
          response: { 200: accountResponse },
        },
      },
      async (request) => ({ data: await service.profile(accountOf(request)) }),
    );

    api.post(
      `${prefix}/profile/update`,
      {
        ...bodyReadInHandler,
        preHandler: guard,
        schema: {
          tags: ['Profile'],
          summary: `Update the ${role}'s profile; a new photo replaces the old one`,
          security: bearer,
          consumes: formContentTypes,
          body: (body as z.ZodObject).safeExtend({ photo: photoFile }),
          response: { 200: accountResponse },
        },
      },
      async (request) => {
        const { fields, photo } = await readForm(
          request,
          body as typeof profileUpdateBody | typeof adminProfileUpdateBody,
        );
        const data = await service.updateProfile(accountOf(request), fields, photo);
        return { message: MESSAGES.profileUpdated, data };
      },
    );

    api.post(
      `${prefix}/change-password`,
      {
        ...bodyReadInHandler,
        preHandler: guard,
        schema: {
          tags: ['Profile'],
          summary: 'Change password: keeps this session, signs out every other one',
          security: bearer,
          body: changePasswordBody,
          response: { 200: messageResponse },
        },
      },
      async (request) => {
        const { fields } = await parseBody(request, changePasswordBody);
        await service.changePassword(accountOf(request), fields);
        return { message: MESSAGES.passwordChanged, data: null };
      },
    );
  }

  await registerPhotoRoutes(app, deps);
}
