import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { FUNERAL_FORM_SENT, INVALID_OPTION, funeralHomeRoutes, routeUrl } from '@pw/contracts';
import { contextForSuite } from '../../../test/helpers';
import type { SignedIn } from '../accounts/accounts.fixtures';
import { users } from '../accounts/accounts.schema';
import { funeralServices } from './funeral-homes.schema';
import {
  filledForm,
  formChoices,
  formPeople,
  sendForm,
  signUpListedHome,
  requestNoticesOf,
  requestsAt as requestsAtHome,
  type FormChoice,
} from './funeral-homes.fixtures';

describe('funeral homes: sending the Funeral Home Form', () => {
  let user: SignedIn;
  let home: SignedIn;
  let unpaid: SignedIn;
  let services: FormChoice[];
  let locations: FormChoice[];

  const form = () => filledForm(services, locations);
  const send = (token: string | undefined, homeId: number, body: object) =>
    sendForm(ctx, token, homeId, body);
  const requestsAt = (homeId: number) => requestsAtHome(ctx, homeId);
  const noticesOf = (homeId: number) => requestNoticesOf(ctx, homeId);

  const ctx = contextForSuite();
  beforeAll(async () => {
    ({ user, home, unpaid } = await formPeople(ctx));
    ({ services, locations } = await formChoices(ctx, user.token));
  });

  describe('POST /web/user/funeral-video/{id}/create', () => {
    it('creates the request with the name and e-mail of the sender and notifies the home', async () => {
      const target = await signUpListedHome(ctx);
      const response = await send(user.token, target.id, form());
      expect(response.statusCode).toBe(201);
      const { message, data } = response.json();
      expect(message).toBe(FUNERAL_FORM_SENT);
      expect(data).toMatchObject({
        name: 'Ada Lovelace',
        email: user.email,
        video: null,
        funeralPreferences: { typeOfService: services[0], locationOfService: locations[0] },
        speaker: 'Our pastor, then the eldest grandchild',
        music: 'Amazing Grace',
        additional_requests: null,
        specific_rituals: null,
        specific_requests: null,
      });
      expect(await requestsAt(target.id)).toHaveLength(1);
      const notices = await noticesOf(target.id);
      expect(notices).toHaveLength(1);
      expect(notices[0]!.data).toMatchObject({ request_id: data.id });
    });

    it.each([
      ['service_id', 'The service id field is required.'],
      ['location_id', 'The location id field is required.'],
      ['speaker', 'The speaker field is required.'],
    ])('requires %s (empty or missing)', async (field, text) => {
      const target = await signUpListedHome(ctx);
      const empty = await send(user.token, target.id, { ...form(), [field]: '' });
      expect(empty.statusCode).toBe(422);
      expect(empty.json().errors[field]).toEqual([text]);
      const { [field as keyof ReturnType<typeof form>]: _dropped, ...rest } = form();
      const missing = await send(user.token, target.id, rest);
      expect(missing.json().errors[field]).toEqual([text]);
      expect(await requestsAt(target.id)).toHaveLength(0);
    });

    it("refuses a service or location the home does not offer, and a user_id that is not the path's home", async () => {
      const own = await signUpListedHome(ctx);
      const [mine] = await ctx.deps.db
        .insert(funeralServices)
        .values({ homeId: own.id, name: 'Sea burial' })
        .returning();
      // The default service is not offered by a home with its own list; its own is not offered by others.
      const wrong = await send(user.token, own.id, form());
      expect(wrong.statusCode).toBe(422);
      expect(wrong.json().errors.service_id).toEqual([INVALID_OPTION]);
      const elsewhere = await send(user.token, home.id, {
        ...form(),
        service_id: mine!.id,
        location_id: 999999,
      });
      expect(elsewhere.json().errors).toMatchObject({
        service_id: [INVALID_OPTION],
        location_id: [INVALID_OPTION],
      });
      const mismatched = await send(user.token, home.id, { ...form(), user_id: own.id });
      expect(mismatched.json().errors.user_id).toEqual([INVALID_OPTION]);
      expect(await requestsAt(own.id)).toHaveLength(0);
      expect(await requestsAt(home.id)).toHaveLength(0);
    });

    it('answers 404 for a home without a plan, a deactivated one, a user account or an unknown id', async () => {
      const paused = await signUpListedHome(ctx);
      await ctx.deps.db.update(users).set({ status: 0 }).where(eq(users.id, paused.id));
      for (const id of [unpaid.id, paused.id, user.id, 999999]) {
        expect((await send(user.token, id, form())).statusCode).toBe(404);
      }
      expect(await requestsAt(unpaid.id)).toHaveLength(0);
      expect(await requestsAt(paused.id)).toHaveLength(0);
    });

    it('refuses the largest and strangest input: over-long texts, odd ids, and an unknown path id', async () => {
      const target = await signUpListedHome(ctx);
      const long = 'x'.repeat(2001);
      const tooLong = await send(user.token, target.id, { ...form(), speaker: long, music: long });
      expect(tooLong.statusCode).toBe(422);
      expect(Object.keys(tooLong.json().errors)).toEqual(expect.arrayContaining(['speaker', 'music']));
      for (const odd of ['abc', -1, 1.5, 2_147_483_648, { id: 1 }]) {
        const response = await send(user.token, target.id, { ...form(), service_id: odd });
        expect(response.statusCode, JSON.stringify(odd)).toBe(422);
      }
      for (const path of ['abc', '-1', '99999999999999999999']) {
        const response = await ctx.app.inject({
          method: 'POST',
          url: routeUrl(funeralHomeRoutes.create, { id: path }),
          headers: { authorization: `Bearer ${user.token}` },
          payload: form(),
        });
        expect(response.statusCode, path).toBe(404);
      }
      expect(await requestsAt(target.id)).toHaveLength(0);
    });

    it('needs a credential (401) and the user role (403), creating nothing', async () => {
      const target = await signUpListedHome(ctx);
      expect((await send(undefined, target.id, form())).statusCode).toBe(401);
      expect((await send(home.token, target.id, form())).statusCode).toBe(403);
      expect(await requestsAt(target.id)).toHaveLength(0);
    });

    it('a double click (together or one after the other) makes one request and one notice', async () => {
      const target = await signUpListedHome(ctx);
      const [a, b] = await Promise.all([
        send(user.token, target.id, form()),
        send(user.token, target.id, form()),
      ]);
      const c = await send(user.token, target.id, form());
      expect([a.statusCode, b.statusCode, c.statusCode]).toEqual([201, 201, 201]);
      expect(new Set([a, b, c].map((r) => r.json().data.id)).size).toBe(1);
      expect(await requestsAt(target.id)).toHaveLength(1);
      expect(await noticesOf(target.id)).toHaveLength(1);
    });

    it('a changed form, or the same one sent again later, is a new request', async () => {
      const target = await signUpListedHome(ctx);
      await send(user.token, target.id, form());
      await send(user.token, target.id, { ...form(), music: 'Clair de lune' });
      expect(await requestsAt(target.id)).toHaveLength(2);
      ctx.clock.advance(11_000);
      await send(user.token, target.id, form());
      expect(await requestsAt(target.id)).toHaveLength(3);
    });
  });
});
