import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import {
  MAP_LINK_MESSAGE,
  notificationKinds,
  ACCOUNT_MESSAGES,
  accountRoutes,
  routeUrl,
  referencePath,
} from '@pw/contracts';
import { multipart, readOutbox, tinyPng, contextForSuite } from '../../../../test/helpers';
import { startWorkers } from '../../../composition';
import { notifications } from '../../notifications/notifications.schema';
import { LIMITS } from '../accounts.limits';
import { IMAGE_TYPE_MESSAGE } from '../photos/photos';
import {
  ADMIN,
  ADMIN_ENV,
  bearer,
  get,
  PASSWORD,
  post,
  signInAdmin,
  signUpFuneralHome,
  signUpUser,
  type SignedIn,
  waitForMail,
} from '../accounts.fixtures';
import { undeclaredPaths } from '../../../../test/addresses';

const png = (content = tinyPng) => [
  { field: 'photo', filename: 'photo.png', contentType: 'image/png', content },
];
/** A real 1×1 GIF, so the replacement is visibly another file type. */
const tinyGif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

const profileFields = {
  first_name: 'Grace',
  last_name: 'Hopper',
  phone: '5550199',
  address: '2 Compiler Lane',
  map_link: 'https://maps.example.test/grace',
};

describe('profiles and change password', () => {
  let user: SignedIn;
  let home: SignedIn;
  let admin: SignedIn;
  const ctx = contextForSuite(ADMIN_ENV);
  beforeAll(async () => {
    user = await signUpUser(ctx);
    home = await signUpFuneralHome(ctx);
    admin = await signInAdmin(ctx);
  });

  describe('GET profile', () => {
    it('returns each role its own account', async () => {
      const mine = await get(ctx, routeUrl(accountRoutes.userProfile), user.token);
      expect(mine.statusCode).toBe(200);
      expect(mine.json().data).toMatchObject({
        id: user.id,
        type: 'user',
        email: user.email,
        active_plan: { home_plan: null, ad_free: null },
      });
      const theirs = await get(ctx, routeUrl(accountRoutes.funeralHomeProfile), home.token);
      expect(theirs.json().data).toMatchObject({
        id: home.id,
        type: 'funeral-home',
        home_name: 'Evergreen Funeral Home',
      });
      const adminProfile = await get(ctx, routeUrl(accountRoutes.adminProfile), admin.token);
      expect(adminProfile.json().data).toMatchObject({ id: admin.id, type: 'admin', email: ADMIN.email });
    });

    it('needs a valid credential (401)', async () => {
      for (const url of [
        routeUrl(accountRoutes.userProfile),
        routeUrl(accountRoutes.funeralHomeProfile),
        routeUrl(accountRoutes.adminProfile),
      ]) {
        expect((await get(ctx, url)).statusCode).toBe(401);
        const bad = await get(ctx, url, 'forged-token');
        expect(bad.statusCode).toBe(401);
        expect(bad.json()).toEqual({ message: 'Unauthenticated.' });
      }
    });

    it('refuses another role (403)', async () => {
      const cases: Array<[string, string]> = [
        [routeUrl(accountRoutes.userProfile), home.token],
        [routeUrl(accountRoutes.userProfile), admin.token],
        [routeUrl(accountRoutes.funeralHomeProfile), user.token],
        [routeUrl(accountRoutes.adminProfile), user.token],
        [routeUrl(accountRoutes.adminProfile), home.token],
      ];
      for (const [url, token] of cases) {
        const response = await get(ctx, url, token);
        expect(response.statusCode).toBe(403);
        expect(response.json()).toEqual({ message: 'You are not allowed to access this area.' });
      }
    });
  });

  describe('POST profile/update', () => {
    it('updates a user from a multipart form, and a new photo replaces (and deletes) the old one', async () => {
      const account = await signUpUser(ctx);
      const form = multipart(profileFields, png());
      const response = await post(ctx, routeUrl(accountRoutes.userProfileUpdate), {
        payload: form.payload,
        headers: { ...form.headers, ...bearer(account.token) },
      });
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.message).toBe(ACCOUNT_MESSAGES.profileUpdated);
      expect(body.data).toMatchObject({ ...profileFields, id: account.id, email: account.email });
      const oldPath: string = body.data.photo_path;
      expect(oldPath).toMatch(/\.png$/);

      const replace = multipart(profileFields, [
        { field: 'photo', filename: 'new.gif', contentType: 'image/gif', content: tinyGif },
      ]);
      const replaced = await post(ctx, routeUrl(accountRoutes.userProfileUpdate), {
        payload: replace.payload,
        headers: { ...replace.headers, ...bearer(account.token) },
      });
      expect(replaced.statusCode).toBe(200);
      const newPath: string = replaced.json().data.photo_path;
      expect(newPath).toMatch(/^\/api\/media\/photos\/[0-9a-f]{32}\.gif$/);
      expect((await get(ctx, newPath)).statusCode).toBe(200);
      expect((await get(ctx, oldPath)).statusCode).toBe(404);
      expect(await ctx.deps.storage.stat(`photos/${oldPath.split('/').pop()}`)).toBeNull();

      // Without a photo the current one stays.
      const plain = await post(ctx, routeUrl(accountRoutes.userProfileUpdate), {
        payload: { ...profileFields, first_name: 'Amazing Grace' },
        headers: bearer(account.token),
      });
      expect(plain.statusCode).toBe(200);
      expect(plain.json().data).toMatchObject({ first_name: 'Amazing Grace', photo_path: newPath });
    });

    it('lets a funeral home change its home name too', async () => {
      const response = await post(ctx, routeUrl(accountRoutes.funeralHomeProfileUpdate), {
        payload: { ...profileFields, home_name: 'Willow Chapel' },
        headers: bearer(home.token),
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toMatchObject({
        type: 'funeral-home',
        home_name: 'Willow Chapel',
        phone: '5550199',
      });
    });

    it('requires first_name, last_name, phone, address and map_link (422)', async () => {
      const response = await post(ctx, routeUrl(accountRoutes.userProfileUpdate), {
        payload: { first_name: ' ' },
        headers: bearer(user.token),
      });
      expect(response.statusCode).toBe(422);
      expect(response.json().errors).toEqual({
        first_name: ['The first name field is required.'],
        last_name: ['The last name field is required.'],
        phone: ['The phone field is required.'],
        address: ['The address field is required.'],
        map_link: ['The map link field is required.'],
      });
    });

    it('accepts only an http(s) web address as the map link, and keeps the account as it was', async () => {
      const before = (await get(ctx, routeUrl(accountRoutes.userProfile), user.token)).json().data;
      for (const map_link of [
        'not a url',
        'javascript:alert(document.cookie)',
        'JavaScript://%0Aalert(1)',
        'data:text/html,<script>alert(1)</script>',
        'ftp://maps.example.test/x',
        'https://',
        '//maps.example.test/x',
      ]) {
        for (const [path, token] of [
          [routeUrl(accountRoutes.userProfileUpdate), user.token],
          [routeUrl(accountRoutes.funeralHomeProfileUpdate), home.token],
        ] as const) {
          const form = multipart({ ...profileFields, map_link });
          const response = await post(ctx, path, {
            payload: form.payload,
            headers: { ...form.headers, ...bearer(token) },
          });
          expect(response.statusCode, `${map_link} on ${path}`).toBe(422);
          expect(response.json()).toEqual({
            message: MAP_LINK_MESSAGE,
            errors: { map_link: [MAP_LINK_MESSAGE] },
          });
        }
      }
      const after = (await get(ctx, routeUrl(accountRoutes.userProfile), user.token)).json().data;
      expect(after.map_link).toBe(before.map_link);

      const ok = await post(ctx, routeUrl(accountRoutes.userProfileUpdate), {
        payload: { ...profileFields, map_link: ' HTTP://maps.example.test/place?q=1 ' },
        headers: bearer(user.token),
      });
      expect(ok.statusCode).toBe(200);
      expect(ok.json().data.map_link).toBe('HTTP://maps.example.test/place?q=1');
    });

    it('refuses a photo that is not an image, and keeps the account as it was', async () => {
      const form = multipart(profileFields, [
        {
          field: 'photo',
          filename: 'evil.png',
          contentType: 'image/png',
          content: Buffer.from('MZ\x90\x00binary'),
        },
      ]);
      const response = await post(ctx, routeUrl(accountRoutes.funeralHomeProfileUpdate), {
        payload: form.payload,
        headers: { ...form.headers, ...bearer(home.token) },
      });
      expect(response.statusCode).toBe(422);
      expect(response.json().errors).toEqual({ photo: [IMAGE_TYPE_MESSAGE] });
    });

    it('needs a credential (401) and the right role (403)', async () => {
      expect(
        (await post(ctx, routeUrl(accountRoutes.userProfileUpdate), { payload: profileFields })).statusCode,
      ).toBe(401);
      const wrongRole = await post(ctx, routeUrl(accountRoutes.userProfileUpdate), {
        payload: profileFields,
        headers: bearer(home.token),
      });
      expect(wrongRole.statusCode).toBe(403);
      const userOnAdmin = await post(ctx, routeUrl(accountRoutes.adminProfileUpdate), {
        payload: profileFields,
        headers: bearer(user.token),
      });
      expect(userOnAdmin.statusCode).toBe(403);
      const homeAsUser = await post(ctx, routeUrl(accountRoutes.funeralHomeProfileUpdate), {
        payload: profileFields,
        headers: bearer(user.token),
      });
      expect(homeAsUser.statusCode).toBe(403);
      for (const url of [
        routeUrl(accountRoutes.funeralHomeProfileUpdate),
        routeUrl(accountRoutes.adminProfileUpdate),
      ])
        expect((await post(ctx, url, { payload: profileFields })).statusCode, url).toBe(401);
    });

    it('updates the admin: names, phone of up to 15 digits, dialing code and photo', async () => {
      const form = multipart(
        { first_name: 'Head', last_name: 'Keeper', phone: '123456789012345', dialing_code: '+44' },
        png(),
      );
      const response = await post(ctx, routeUrl(accountRoutes.adminProfileUpdate), {
        payload: form.payload,
        headers: { ...form.headers, ...bearer(admin.token) },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toMatchObject({
        type: 'admin',
        first_name: 'Head',
        last_name: 'Keeper',
        phone: '123456789012345',
        dialing_code: '+44',
      });
      expect(response.json().data.photo_path).toMatch(/\.png$/);

      const keep = await post(ctx, routeUrl(accountRoutes.adminProfileUpdate), {
        payload: { first_name: 'Head', last_name: 'Keeper', phone: '5550100' },
        headers: bearer(admin.token),
      });
      expect(keep.json().data).toMatchObject({ phone: '5550100', dialing_code: '+44' });
      expect(keep.json().data.photo_path).toBe(response.json().data.photo_path);

      const tooLong = await post(ctx, routeUrl(accountRoutes.adminProfileUpdate), {
        payload: { first_name: 'Head', last_name: 'Keeper', phone: '1234567890123456' },
        headers: bearer(admin.token),
      });
      expect(tooLong.statusCode).toBe(422);
      expect(tooLong.json().errors).toEqual({ phone: ['The phone must be up to 15 digits.'] });
      const missing = await post(ctx, routeUrl(accountRoutes.adminProfileUpdate), {
        payload: {},
        headers: bearer(admin.token),
      });
      expect(missing.json().errors).toEqual({
        first_name: ['The first name field is required.'],
        last_name: ['The last name field is required.'],
        phone: ['The phone field is required.'],
      });
    });
  });

  describe('POST change-password', () => {
    const cases = [
      {
        url: routeUrl(accountRoutes.userChangePassword),
        login: routeUrl(accountRoutes.webLogin),
        who: 'user',
      },
      {
        url: routeUrl(accountRoutes.funeralHomeChangePassword),
        login: routeUrl(accountRoutes.webLogin),
        who: 'funeral home',
      },
      {
        url: routeUrl(accountRoutes.adminChangePassword),
        login: routeUrl(accountRoutes.adminLogin),
        who: 'admin',
      },
    ] as const;

    for (const { url, login, who } of cases) {
      it(`changes the ${who}'s password, keeps this session and signs out the others`, async () => {
        const account =
          who === 'user'
            ? await signUpUser(ctx)
            : who === 'funeral home'
              ? await signUpFuneralHome(ctx)
              : admin;
        const newPassword = `${who.replace(' ', '-')}-new-password`;
        const other = (
          await post(ctx, login, { payload: { email: account.email, password: account.password } })
        ).json().data.token;
        const response = await post(ctx, url, {
          payload: {
            old_password: account.password,
            password: newPassword,
            password_confirmation: newPassword,
          },
          headers: bearer(account.token),
        });
        expect(response.statusCode).toBe(200);
        expect(response.json()).toEqual({ message: ACCOUNT_MESSAGES.passwordChanged, data: null });
        const profileUrl = url.replace('change-password', 'profile');
        expect((await get(ctx, profileUrl, account.token)).statusCode).toBe(200);
        expect((await get(ctx, profileUrl, other)).statusCode).toBe(401);
        expect(
          (await post(ctx, login, { payload: { email: account.email, password: account.password } }))
            .statusCode,
        ).toBe(401);
        expect(
          (await post(ctx, login, { payload: { email: account.email, password: newPassword } })).statusCode,
        ).toBe(200);
        if (who === 'admin') {
          // Put the shared admin fixture's password back.
          const back = await post(ctx, url, {
            payload: { old_password: newPassword, password: PASSWORD, password_confirmation: PASSWORD },
            headers: bearer(account.token),
          });
          expect(back.statusCode).toBe(200);
          admin = { ...admin, password: PASSWORD };
        }
      });
    }

    const changePassword = (account: SignedIn, oldPassword: string, newPassword: string) =>
      post(ctx, routeUrl(accountRoutes.userChangePassword), {
        payload: { old_password: oldPassword, password: newPassword, password_confirmation: newPassword },
        headers: bearer(account.token),
      });
    const passwordNotices = (userId: number) =>
      ctx.deps.db
        .select()
        .from(notifications)
        .where(
          and(eq(notifications.userId, userId), eq(notifications.kind, notificationKinds.passwordChanged)),
        );

    it('tells the owner by e-mail (and in the app) that the password was changed', async () => {
      const account = await signUpUser(ctx);
      const stopWorkers = await startWorkers(ctx.composition);
      try {
        expect((await changePassword(account, 'not-my-password', 'whatever-new-1')).statusCode).toBe(422);
        expect((await changePassword(account, PASSWORD, 'a-changed-password')).statusCode).toBe(200);
        const mail = await waitForMail(ctx.dataDir, account.email, 1, 15_000);
        expect(mail.subject).toBe('Your password was changed');
        expect(mail.text).toContain('was just changed');
        expect(mail.text).toContain('Forgot password');
        // One notice: the refused attempt told nobody anything.
        expect(await passwordNotices(account.id)).toHaveLength(1);
        expect((await readOutbox(ctx.dataDir)).filter((m) => m.to === account.email)).toHaveLength(1);
      } finally {
        await stopWorkers();
      }
    });

    it('changes the password and revokes the other sessions in one transaction: a failure changes nothing', async () => {
      const account = await signUpUser(ctx);
      const other = (
        await post(ctx, routeUrl(accountRoutes.webLogin), {
          payload: { email: account.email, password: PASSWORD },
        })
      ).json().data.token;
      // The database refuses to revoke this account's sessions, as a lost connection or a deadlock would.
      const run = (statement: string) => ctx.deps.db.execute(sql.raw(statement));
      await run(`create function refuse_revocation() returns trigger language plpgsql as $$
        begin raise exception 'revocation refused for the test'; end $$`);
      await run(`create trigger refuse_revocation before update on sessions for each row
        when (new.user_id = ${account.id} and new.revoked_at is not null) execute function refuse_revocation()`);
      try {
        expect((await changePassword(account, PASSWORD, 'half-changed-password')).statusCode).toBe(500);
      } finally {
        await run('drop trigger refuse_revocation on sessions');
        await run('drop function refuse_revocation()');
      }
      // The old password still works, the new one does not, the other session lives, nobody was told.
      const login = (password: string) =>
        post(ctx, routeUrl(accountRoutes.webLogin), { payload: { email: account.email, password } });
      expect((await login(PASSWORD)).statusCode).toBe(200);
      expect((await login('half-changed-password')).statusCode).toBe(401);
      expect((await get(ctx, routeUrl(accountRoutes.userProfile), other)).statusCode).toBe(200);
      expect(await passwordNotices(account.id)).toHaveLength(0);
      // Once the database works again, so does the change.
      expect((await changePassword(account, PASSWORD, 'fully-changed-password')).statusCode).toBe(200);
      expect((await get(ctx, routeUrl(accountRoutes.userProfile), other)).statusCode).toBe(401);
      expect(await passwordNotices(account.id)).toHaveLength(1);
    });

    it('refuses a wrong old password on old_password (422)', async () => {
      const response = await post(ctx, routeUrl(accountRoutes.userChangePassword), {
        payload: {
          old_password: 'not-my-password',
          password: 'whatever-new-1',
          password_confirmation: 'whatever-new-1',
        },
        headers: bearer(user.token),
      });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({
        message: 'The old password is incorrect.',
        errors: { old_password: ['The old password is incorrect.'] },
      });
    });

    it('validates the fields (422)', async () => {
      const adminEmpty = await post(ctx, routeUrl(accountRoutes.adminChangePassword), {
        payload: {},
        headers: bearer(admin.token),
      });
      expect(adminEmpty.statusCode).toBe(422);
      expect(adminEmpty.json().errors).toHaveProperty('old_password');
      const response = await post(ctx, routeUrl(accountRoutes.funeralHomeChangePassword), {
        payload: { password: 'new-password-1', password_confirmation: 'new-password-2' },
        headers: bearer(home.token),
      });
      expect(response.statusCode).toBe(422);
      expect(response.json().errors).toEqual({ old_password: ['The old password field is required.'] });
      const mismatch = await post(ctx, routeUrl(accountRoutes.funeralHomeChangePassword), {
        payload: {
          old_password: PASSWORD,
          password: 'new-password-1',
          password_confirmation: 'new-password-2',
        },
        headers: bearer(home.token),
      });
      expect(mismatch.statusCode).toBe(422);
      expect(mismatch.json().errors).toEqual({
        password_confirmation: ['The password confirmation does not match.'],
      });
    });

    it('needs a credential (401) before looking at the body, and the right role (403)', async () => {
      expect((await post(ctx, routeUrl(accountRoutes.adminChangePassword), { payload: {} })).statusCode).toBe(
        401,
      );
      const wrongRole = await post(ctx, routeUrl(accountRoutes.adminChangePassword), {
        payload: {
          old_password: PASSWORD,
          password: 'new-password-1',
          password_confirmation: 'new-password-1',
        },
        headers: bearer(user.token),
      });
      expect(wrongRole.statusCode).toBe(403);
      const homeOnUser = await post(ctx, routeUrl(accountRoutes.userChangePassword), {
        payload: {},
        headers: bearer(home.token),
      });
      expect(homeOnUser.statusCode).toBe(403);
      const userOnHome = await post(ctx, routeUrl(accountRoutes.funeralHomeChangePassword), {
        payload: {},
        headers: bearer(user.token),
      });
      expect(userOnHome.statusCode).toBe(403);
      for (const url of [
        routeUrl(accountRoutes.userChangePassword),
        routeUrl(accountRoutes.funeralHomeChangePassword),
      ])
        expect((await post(ctx, url, { payload: {} })).statusCode, url).toBe(401);
    });

    it('limits old-password guesses per account (429 + Retry-After)', async () => {
      const account = await signUpUser(ctx);
      for (let i = 0; i < LIMITS.changePasswordPerAccount.limit; i += 1) {
        const response = await post(ctx, routeUrl(accountRoutes.userChangePassword), {
          payload: {
            old_password: `guess-${i}-guess`,
            password: 'new-password-1',
            password_confirmation: 'new-password-1',
          },
          headers: bearer(account.token),
        });
        expect(response.statusCode).toBe(422);
      }
      const over = await post(ctx, routeUrl(accountRoutes.userChangePassword), {
        payload: {
          old_password: PASSWORD,
          password: 'new-password-1',
          password_confirmation: 'new-password-1',
        },
        headers: bearer(account.token),
      });
      expect(over.statusCode).toBe(429);
      expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    });
  });

  describe('API reference', () => {
    it('lists every accounts call under /api/docs with its tag, body and bearer security', async () => {
      const doc = (await ctx.app.inject({ method: 'GET', url: undeclaredPaths.docsJson })).json();
      const op = (method: string, path: string) => doc.paths[path]?.[method];
      const open = [
        ['post', referencePath(accountRoutes.userSignup)],
        ['post', referencePath(accountRoutes.funeralHomeSignup)],
        ['post', referencePath(accountRoutes.webLogin)],
        ['post', referencePath(accountRoutes.adminLogin)],
        ['post', referencePath(accountRoutes.webResetPassword)],
        ['post', referencePath(accountRoutes.webVerifyCode)],
        ['post', referencePath(accountRoutes.webSetPassword)],
        ['post', referencePath(accountRoutes.adminResetPassword)],
        ['post', referencePath(accountRoutes.adminVerifyCode)],
        ['post', referencePath(accountRoutes.adminSetPassword)],
        ['get', referencePath(accountRoutes.photo)],
      ];
      const guarded = [
        ['post', referencePath(accountRoutes.webLogout)],
        ['post', referencePath(accountRoutes.adminLogout)],
        ['get', referencePath(accountRoutes.userProfile)],
        ['get', referencePath(accountRoutes.funeralHomeProfile)],
        ['get', referencePath(accountRoutes.adminProfile)],
        ['post', referencePath(accountRoutes.userProfileUpdate)],
        ['post', referencePath(accountRoutes.funeralHomeProfileUpdate)],
        ['post', referencePath(accountRoutes.adminProfileUpdate)],
        ['post', referencePath(accountRoutes.userChangePassword)],
        ['post', referencePath(accountRoutes.funeralHomeChangePassword)],
        ['post', referencePath(accountRoutes.adminChangePassword)],
      ];
      for (const [method, path] of [...open, ...guarded]) {
        const operation = op(method!, path!);
        expect(operation, `${method} ${path}`).toBeDefined();
        expect(operation.tags?.length, `${method} ${path}`).toBeGreaterThan(0);
      }
      for (const [method, path] of guarded) expect(op(method!, path!).security).toEqual([{ bearer: [] }]);
      for (const [method, path] of open) expect(op(method!, path!).security).toBeUndefined();
      const signup = op('post', routeUrl(accountRoutes.userSignup)).requestBody.content;
      expect(Object.keys(signup)).toEqual(['multipart/form-data', 'application/json']);
      expect(signup['multipart/form-data'].schema.properties.photo).toMatchObject({
        type: 'string',
        format: 'binary',
      });
      expect(signup['multipart/form-data'].schema.required).toContain('date_of_birth');
      expect(
        op('post', routeUrl(accountRoutes.adminSetPassword)).requestBody.content['application/json'].schema
          .required,
      ).toEqual(['email', 'token', 'password', 'password_confirmation']);
    });
  });
});
