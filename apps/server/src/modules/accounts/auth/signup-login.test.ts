import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MAP_LINK_MESSAGE, ACCOUNT_MESSAGES, accountRoutes, routeUrl, type ApiRoute } from '@pw/contracts';
import { multipart, tinyPng, contextForSuite } from '../../../../test/helpers';
import { users, sessions } from '../accounts.schema';
import { LIMITS } from '../accounts.limits';
import { IMAGE_TYPE_MESSAGE } from '../photos/photos';
import { SHORT_SESSION_MS, LONG_SESSION_MS } from './sessions';
import {
  ADMIN,
  ADMIN_ENV,
  bearer,
  funeralHomeFields,
  get,
  PASSWORD,
  post,
  randomIp,
  signInAdmin,
  signUpFuneralHome,
  signUpUser,
  uniqueEmail,
  userFields,
} from '../accounts.fixtures';
import { routeTitle } from '../../../../test/addresses';

describe('sign-up, login and logout', () => {
  const ctx = contextForSuite(ADMIN_ENV);

  describe(routeTitle(accountRoutes.userSignup), () => {
    it('creates a user from a multipart form with a photo, signs them in and announces the account', async () => {
      const announced: unknown[] = [];
      const off = ctx.deps.events.on('account.created', (event) => void announced.push(event));
      const fields = userFields({ email: uniqueEmail('Mixed.Case').toUpperCase() });
      const form = multipart(fields, [
        { field: 'photo', filename: 'me.png', contentType: 'image/png', content: tinyPng },
      ]);
      const response = await post(ctx, routeUrl(accountRoutes.userSignup), form);
      off();
      expect(response.statusCode).toBe(201);
      const body = response.json();
      expect(body.message).toBe(ACCOUNT_MESSAGES.signedUp);
      expect(body.data.token).toMatch(/^[\w-]{43}$/);
      expect(body.data.user).toMatchObject({
        type: 'user',
        email: fields.email!.toLowerCase(),
        first_name: 'Ada',
        last_name: 'Lovelace',
        phone: '5550100',
        address: '1 Analytical Way',
        map_link: 'https://maps.example.test/ada',
        date_of_birth: '1980-12-10',
        home_name: null,
        status: 1,
        active_plan: { home_plan: null, ad_free: null },
      });
      expect(body.data.user).not.toHaveProperty('password_hash');
      expect(body.data.user.photo_path).toMatch(/^\/api\/media\/photos\/[0-9a-f]{32}\.png$/);
      expect(announced).toEqual([{ accountId: body.data.user.id, type: 'user' }]);

      // The token works at once, and the photo URL serves the very bytes.
      const profile = await get(ctx, routeUrl(accountRoutes.userProfile), body.data.token);
      expect(profile.statusCode).toBe(200);
      const photo = await get(ctx, body.data.user.photo_path);
      expect(photo.statusCode).toBe(200);
      expect(photo.headers['content-type']).toBe('image/png');
      expect(photo.rawPayload.equals(tinyPng)).toBe(true);
    });

    it('accepts JSON without a photo', async () => {
      const response = await post(ctx, routeUrl(accountRoutes.userSignup), { payload: userFields() });
      expect(response.statusCode).toBe(201);
      expect(response.json().data.user.photo_path).toBeNull();
    });

    it('names every missing field in one 422', async () => {
      const response = await post(ctx, routeUrl(accountRoutes.userSignup), multipart({}));
      expect(response.statusCode).toBe(422);
      const { errors } = response.json();
      expect(errors).toMatchObject({
        first_name: ['The first name field is required.'],
        last_name: ['The last name field is required.'],
        email: ['The email field is required.'],
        password: ['The password field is required.'],
        date_of_birth: ['The date of birth field is required.'],
      });
    });

    it('checks the e-mail, the password and its confirmation', async () => {
      const response = await post(ctx, routeUrl(accountRoutes.userSignup), {
        payload: userFields({ email: 'not-an-email', password: 'short', password_confirmation: 'other' }),
      });
      expect(response.statusCode).toBe(422);
      const { message, errors } = response.json();
      expect(errors.email).toEqual(['Please enter a valid e-mail address.']);
      expect(errors.password).toEqual(['The password must be at least 8 characters.']);
      expect(message).toContain('Please enter a valid e-mail address.');

      const mismatch = await post(ctx, routeUrl(accountRoutes.userSignup), {
        payload: userFields({ password_confirmation: 'something-else' }),
      });
      expect(mismatch.statusCode).toBe(422);
      expect(mismatch.json().errors).toEqual({
        password_confirmation: ['The password confirmation does not match.'],
      });
    });

    it('refuses a person under 18 on date_of_birth, and accepts one who turns 18 today', async () => {
      const today = ctx.clock.now();
      const yearsAgo = (years: number, dayShift = 0) => {
        const date = new Date(
          Date.UTC(today.getUTCFullYear() - years, today.getUTCMonth(), today.getUTCDate() + dayShift),
        );
        return date.toISOString().slice(0, 10);
      };
      const young = await post(ctx, routeUrl(accountRoutes.userSignup), {
        payload: userFields({ date_of_birth: yearsAgo(18, 1) }),
      });
      expect(young.statusCode).toBe(422);
      expect(young.json()).toEqual({
        message: 'You must be at least 18 years old to sign up.',
        errors: { date_of_birth: ['You must be at least 18 years old to sign up.'] },
      });

      const birthday = await post(ctx, routeUrl(accountRoutes.userSignup), {
        payload: userFields({ date_of_birth: yearsAgo(18) }),
      });
      expect(birthday.statusCode).toBe(201);
    });

    it('refuses dates that are not days of the calendar or lie in the future', async () => {
      const bad = await post(ctx, routeUrl(accountRoutes.userSignup), {
        payload: userFields({ date_of_birth: '1990-02-30' }),
      });
      expect(bad.json().errors.date_of_birth).toEqual(['The date of birth must be a valid date.']);
      const shape = await post(ctx, routeUrl(accountRoutes.userSignup), {
        payload: userFields({ date_of_birth: '10/05/1990' }),
      });
      expect(shape.json().errors.date_of_birth).toEqual(['The date of birth must be a date (YYYY-MM-DD).']);
      const future = await post(ctx, routeUrl(accountRoutes.userSignup), {
        payload: userFields({ date_of_birth: '2999-01-01' }),
      });
      expect(future.json().errors.date_of_birth).toEqual([ACCOUNT_MESSAGES.dateOfBirthInFuture]);
    });

    it('names every problem of the form in one answer: mismatch, age, taken e-mail, map link, photo', async () => {
      const first = await signUpUser(ctx);
      const today = ctx.clock.now();
      const seventeen = new Date(Date.UTC(today.getUTCFullYear() - 17, today.getUTCMonth(), 1))
        .toISOString()
        .slice(0, 10);
      const response = await post(
        ctx,
        routeUrl(accountRoutes.userSignup),
        multipart(
          userFields({
            email: first.email,
            password_confirmation: 'not-the-same-password',
            date_of_birth: seventeen,
            map_link: 'javascript:alert(1)',
            first_name: '',
          }),
          [{ field: 'photo', filename: 'x.png', contentType: 'image/png', content: Buffer.from('text') }],
        ),
      );
      expect(response.statusCode).toBe(422);
      expect(response.json().errors).toEqual({
        first_name: ['The first name field is required.'],
        email: [ACCOUNT_MESSAGES.emailTaken],
        map_link: [MAP_LINK_MESSAGE],
        password_confirmation: ['The password confirmation does not match.'],
        date_of_birth: [ACCOUNT_MESSAGES.underage],
        photo: [IMAGE_TYPE_MESSAGE],
      });
      expect(response.json().message).toBe('The first name field is required. (and 5 more errors)');
    });

    it('reports a mismatch with the other errors even when a field is missing altogether', async () => {
      const { last_name: _omit, ...fields } = userFields({ password_confirmation: 'different-one' });
      const response = await post(ctx, routeUrl(accountRoutes.userSignup), { payload: fields });
      expect(response.json().errors).toEqual({
        last_name: ['The last name field is required.'],
        password_confirmation: ['The password confirmation does not match.'],
      });
    });

    it('says that an empty date of birth is required, in one sentence', async () => {
      for (const date_of_birth of ['', '   ']) {
        const response = await post(
          ctx,
          routeUrl(accountRoutes.userSignup),
          multipart(userFields({ date_of_birth })),
        );
        expect(response.statusCode).toBe(422);
        expect(response.json().errors).toEqual({ date_of_birth: ['The date of birth field is required.'] });
      }
    });

    it('takes an optional map link only as an http(s) address, on both sign-ups', async () => {
      for (const url of [routeUrl(accountRoutes.userSignup), routeUrl(accountRoutes.funeralHomeSignup)]) {
        const fields = url.includes('funeral') ? funeralHomeFields : userFields;
        const bad = await post(ctx, url, { payload: fields({ map_link: 'not a url' }) });
        expect(bad.statusCode).toBe(422);
        expect(bad.json().errors).toEqual({ map_link: [MAP_LINK_MESSAGE] });
        const none = await post(ctx, url, { payload: fields({ map_link: '' }) });
        expect(none.statusCode).toBe(201);
        expect(none.json().data.user.map_link).toBeNull();
      }
    });

    it('refuses an e-mail that is already taken, whatever its case', async () => {
      const first = await signUpUser(ctx);
      const again = await post(ctx, routeUrl(accountRoutes.userSignup), {
        payload: userFields({ email: first.email.toUpperCase() }),
      });
      expect(again.statusCode).toBe(422);
      expect(again.json()).toEqual({
        message: 'The email has already been taken.',
        errors: { email: ['The email has already been taken.'] },
      });
      // Across roles too: one e-mail is one sign-in.
      const asHome = await post(ctx, routeUrl(accountRoutes.funeralHomeSignup), {
        payload: funeralHomeFields({ email: first.email }),
      });
      expect(asHome.json().errors.email).toEqual(['The email has already been taken.']);
    });

    it('checks the photo by its content: a text file named .png is refused and nothing is stored', async () => {
      const fields = userFields();
      const response = await post(
        ctx,
        routeUrl(accountRoutes.userSignup),
        multipart(fields, [
          { field: 'photo', filename: 'me.png', contentType: 'image/png', content: Buffer.from('just text') },
        ]),
      );
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({
        message: IMAGE_TYPE_MESSAGE,
        errors: { photo: ['Only image files (jpg, png, gif, webp, svg) are allowed.'] },
      });
      const [row] = await ctx.deps.db.select().from(users).where(eq(users.email, fields.email!));
      expect(row).toBeUndefined();
    });

    it('reports field errors and the photo error together', async () => {
      const response = await post(
        ctx,
        routeUrl(accountRoutes.userSignup),
        multipart({ first_name: 'A' }, [
          { field: 'photo', filename: 'x.gif', contentType: 'image/gif', content: Buffer.from('<html>') },
        ]),
      );
      expect(response.statusCode).toBe(422);
      expect(response.json().errors).toMatchObject({
        photo: [IMAGE_TYPE_MESSAGE],
        email: ['The email field is required.'],
      });
    });

    it('refuses a photo over 15 MB with 413', async () => {
      const big = Buffer.alloc(15 * 1024 * 1024 + 1, 0);
      tinyPng.copy(big);
      const response = await post(
        ctx,
        routeUrl(accountRoutes.userSignup),
        multipart(userFields(), [
          { field: 'photo', filename: 'big.png', contentType: 'image/png', content: big },
        ]),
      );
      expect(response.statusCode).toBe(413);
      expect(response.json().message).toBe('The photo may not be larger than 15 MB.');
    });

    it('limits sign-ups per address (429 with Retry-After)', async () => {
      const existing = await signUpUser(ctx);
      const ip = randomIp();
      const { limit } = LIMITS.signupPerIp;
      for (let i = 0; i < limit; i += 1) {
        // Every request with a well-formed e-mail counts (its answer tells whether the e-mail is taken).
        const taken = await post(ctx, routeUrl(accountRoutes.userSignup), {
          payload: userFields({ email: existing.email }),
          remoteAddress: ip,
        });
        expect(taken.statusCode).toBe(422);
      }
      const over = await post(ctx, routeUrl(accountRoutes.userSignup), {
        payload: userFields(),
        remoteAddress: ip,
      });
      expect(over.statusCode).toBe(429);
      expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    });
  });

  describe(routeTitle(accountRoutes.funeralHomeSignup), () => {
    it('creates a funeral home with its home name and no date of birth', async () => {
      const announced: unknown[] = [];
      const off = ctx.deps.events.on('account.created', (event) => void announced.push(event));
      const response = await post(
        ctx,
        routeUrl(accountRoutes.funeralHomeSignup),
        multipart(funeralHomeFields()),
      );
      off();
      expect(response.statusCode).toBe(201);
      const { user, token } = response.json().data;
      expect(user).toMatchObject({
        type: 'funeral-home',
        home_name: 'Evergreen Funeral Home',
        date_of_birth: null,
      });
      expect(announced).toEqual([{ accountId: user.id, type: 'funeral-home' }]);
      expect((await get(ctx, routeUrl(accountRoutes.funeralHomeProfile), token)).statusCode).toBe(200);
    });

    it('requires the home name', async () => {
      const { home_name: _omit, ...fields } = funeralHomeFields();
      const response = await post(ctx, routeUrl(accountRoutes.funeralHomeSignup), { payload: fields });
      expect(response.statusCode).toBe(422);
      expect(response.json().errors).toEqual({ home_name: ['The home name field is required.'] });
    });
  });

  describe(routeTitle(accountRoutes.webLogin), () => {
    it('signs a user in with the account and a 12-hour token', async () => {
      const account = await signUpUser(ctx);
      const response = await post(ctx, routeUrl(accountRoutes.webLogin), {
        payload: { email: account.email.toUpperCase(), password: PASSWORD },
      });
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.message).toBe(ACCOUNT_MESSAGES.loggedIn);
      expect(body.data.user).toMatchObject({
        id: account.id,
        type: 'user',
        email: account.email,
        first_name: 'Ada',
        photo_path: null,
        active_plan: { home_plan: null, ad_free: null },
      });
      const rows = await ctx.deps.db.select().from(sessions).where(eq(sessions.userId, account.id));
      expect(rows).toHaveLength(2); // the sign-up's and the login's
      const latest = rows.sort((a, b) => a.id - b.id).at(-1)!;
      expect(latest.expiresAt.getTime() - latest.createdAt.getTime()).toBe(SHORT_SESSION_MS);
      expect((await get(ctx, routeUrl(accountRoutes.userProfile), body.data.token)).statusCode).toBe(200);
    });

    it('gives a 30-day token with Remember me, and the short one expires after 12 hours', async () => {
      const account = await signUpUser(ctx);
      const long = await post(ctx, routeUrl(accountRoutes.webLogin), {
        payload: { email: account.email, password: PASSWORD, remember: true },
      });
      const short = await post(ctx, routeUrl(accountRoutes.webLogin), {
        payload: { email: account.email, password: PASSWORD, remember: 'false' },
      });
      const longToken = long.json().data.token;
      const shortToken = short.json().data.token;
      const rows = await ctx.deps.db.select().from(sessions).where(eq(sessions.userId, account.id));
      expect(rows.some((row) => row.expiresAt.getTime() - row.createdAt.getTime() === LONG_SESSION_MS)).toBe(
        true,
      );

      ctx.clock.advance(SHORT_SESSION_MS + 1000);
      try {
        expect((await get(ctx, routeUrl(accountRoutes.userProfile), shortToken)).statusCode).toBe(401);
        expect((await get(ctx, routeUrl(accountRoutes.userProfile), longToken)).statusCode).toBe(200);
      } finally {
        ctx.clock.advance(-(SHORT_SESSION_MS + 1000));
      }
    });

    it('signs a funeral home in on the same call', async () => {
      const home = await signUpFuneralHome(ctx);
      const response = await post(ctx, routeUrl(accountRoutes.webLogin), {
        payload: { email: home.email, password: PASSWORD },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().data.user).toMatchObject({
        type: 'funeral-home',
        home_name: 'Evergreen Funeral Home',
      });
    });

    it('answers a wrong password, an unknown e-mail and an admin alike: 401 with one message', async () => {
      const account = await signUpUser(ctx);
      await signInAdmin(ctx);
      const attempts = [
        { email: account.email, password: 'wrong-password' },
        { email: uniqueEmail('nobody'), password: PASSWORD },
        { email: ADMIN.email, password: ADMIN.password },
      ];
      for (const payload of attempts) {
        const response = await post(ctx, routeUrl(accountRoutes.webLogin), { payload });
        expect(response.statusCode).toBe(401);
        expect(response.json()).toEqual({ message: 'These credentials do not match our records.' });
      }
    });

    it('validates the body (422)', async () => {
      const response = await post(ctx, routeUrl(accountRoutes.webLogin), { payload: { email: 'nope' } });
      expect(response.statusCode).toBe(422);
      expect(response.json().errors).toEqual({
        email: ['Please enter a valid e-mail address.'],
        password: ['The password field is required.'],
      });
    });

    it('refuses a deactivated account with 403 (only once the password is right), and its live tokens too', async () => {
      const account = await signUpUser(ctx);
      await ctx.deps.db.update(users).set({ status: 0 }).where(eq(users.id, account.id));
      const wrong = await post(ctx, routeUrl(accountRoutes.webLogin), {
        payload: { email: account.email, password: 'nope-nope' },
      });
      expect(wrong.statusCode).toBe(401);
      const right = await post(ctx, routeUrl(accountRoutes.webLogin), {
        payload: { email: account.email, password: PASSWORD },
      });
      expect(right.statusCode).toBe(403);
      expect(right.json()).toEqual({ message: 'Your account has been deactivated. Please contact support.' });
      const profile = await get(ctx, routeUrl(accountRoutes.userProfile), account.token);
      expect(profile.statusCode).toBe(403);
      expect(profile.json().message).toBe('Your account has been deactivated. Please contact support.');
    });

    it('limits failed logins per account and address (429 + Retry-After); a success forgets them', async () => {
      const account = await signUpUser(ctx);
      const ip = randomIp();
      const login = (password: string, remoteAddress = ip) =>
        post(ctx, routeUrl(accountRoutes.webLogin), {
          payload: { email: account.email, password },
          remoteAddress,
        });
      const { limit, windowSeconds } = LIMITS.loginFailuresPerAccountAddress;
      for (let i = 0; i < limit - 1; i += 1) expect((await login('bad-guess')).statusCode).toBe(401);
      // A success forgets this address's failures on the account ...
      expect((await login(PASSWORD)).statusCode).toBe(200);
      for (let i = 0; i < limit; i += 1) expect((await login('bad-guess')).statusCode).toBe(401);
      // ... past the limit even the right password waits, from this address ...
      const blocked = await login(PASSWORD);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toEqual({ message: 'Too many attempts. Please try again later.' });
      const retryAfter = Number(blocked.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
      // ... but not from another one, and not once the window is over.
      expect((await login(PASSWORD, randomIp())).statusCode).toBe(200);
      ctx.clock.advance(windowSeconds * 1000);
      expect((await login(PASSWORD)).statusCode).toBe(200);
    });

    it('limits failed logins per address, whatever the accounts', async () => {
      const ip = randomIp();
      const { limit } = LIMITS.loginFailuresPerAddress;
      for (let i = 0; i < limit; i += 1) {
        const response = await post(ctx, routeUrl(accountRoutes.webLogin), {
          payload: { email: uniqueEmail('spray'), password: 'guess-guess' },
          remoteAddress: ip,
        });
        expect(response.statusCode).toBe(401);
      }
      const over = await post(ctx, routeUrl(accountRoutes.webLogin), {
        payload: { email: uniqueEmail('spray'), password: 'guess-guess' },
        remoteAddress: ip,
      });
      expect(over.statusCode).toBe(429);
      expect(over.headers['retry-after']).toBeDefined();
    });
  });

  describe(routeTitle(accountRoutes.adminLogin), () => {
    it('signs the admin in', async () => {
      const admin = await signInAdmin(ctx);
      expect(admin.user).toMatchObject({ type: 'admin', email: ADMIN.email, active_plan: null });
      expect((await get(ctx, routeUrl(accountRoutes.adminProfile), admin.token)).statusCode).toBe(200);
    });

    it('refuses users and funeral homes with the generic 401', async () => {
      const account = await signUpUser(ctx);
      const response = await post(ctx, routeUrl(accountRoutes.adminLogin), {
        payload: { email: account.email, password: PASSWORD },
      });
      expect(response.statusCode).toBe(401);
      expect(response.json().message).toBe(ACCOUNT_MESSAGES.invalidCredentials);
    });

    it('validates the body (422)', async () => {
      const response = await post(ctx, routeUrl(accountRoutes.adminLogin), { payload: {} });
      expect(response.statusCode).toBe(422);
      expect(response.json().errors).toEqual({
        email: ['The email field is required.'],
        password: ['The password field is required.'],
      });
    });
  });

  describe('logout', () => {
    /** The logout call of an area, with `token` as its credential (none without one). */
    const logOut = (route: ApiRoute, token?: string) =>
      post(ctx, routeUrl(route), token === undefined ? {} : { headers: bearer(token) });

    it('revokes the calling token only', async () => {
      const account = await signUpUser(ctx);
      const other = (
        await post(ctx, routeUrl(accountRoutes.webLogin), {
          payload: { email: account.email, password: PASSWORD },
        })
      ).json().data.token;
      const response = await logOut(accountRoutes.webLogout, account.token);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: 'You have been logged out.', data: null });
      expect((await get(ctx, routeUrl(accountRoutes.userProfile), account.token)).statusCode).toBe(401);
      expect((await get(ctx, routeUrl(accountRoutes.userProfile), other)).statusCode).toBe(200);
      // A revoked token cannot log out again.
      expect((await logOut(accountRoutes.webLogout, account.token)).statusCode).toBe(401);
    });

    it('logs a funeral home out on the user-area call', async () => {
      const home = await signUpFuneralHome(ctx);
      expect((await logOut(accountRoutes.webLogout, home.token)).statusCode).toBe(200);
      expect((await get(ctx, routeUrl(accountRoutes.funeralHomeProfile), home.token)).statusCode).toBe(401);
    });

    it('needs a credential (401) and the right area (403)', async () => {
      expect((await logOut(accountRoutes.webLogout)).statusCode).toBe(401);
      expect((await logOut(accountRoutes.webLogout, 'not-a-token')).statusCode).toBe(401);
      const account = await signUpUser(ctx);
      expect((await logOut(accountRoutes.adminLogout, account.token)).statusCode).toBe(403);
      expect((await logOut(accountRoutes.adminLogout)).statusCode).toBe(401);
      // An admin signs out in the admin area: the user area's logout is not its call.
      const admin = await signInAdmin(ctx);
      expect((await logOut(accountRoutes.webLogout, admin.token)).statusCode).toBe(403);
      expect((await get(ctx, routeUrl(accountRoutes.adminProfile), admin.token)).statusCode).toBe(200);
    });

    it('logs the admin out', async () => {
      const admin = await signInAdmin(ctx);
      expect((await logOut(accountRoutes.adminLogout, admin.token)).statusCode).toBe(200);
      expect((await get(ctx, routeUrl(accountRoutes.adminProfile), admin.token)).statusCode).toBe(401);
    });
  });
});
