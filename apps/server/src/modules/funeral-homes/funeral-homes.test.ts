import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { funeralHomeRoutes } from '@pw/contracts';
import { contextForSuite } from '../../../test/helpers';
import type { SignedIn } from '../accounts/accounts.fixtures';
import { users } from '../accounts/accounts.schema';
import { funeralServices } from './funeral-homes.schema';
import {
  call,
  endPlanOf,
  filledForm,
  formChoices,
  formPeople,
  sendForm,
  signUpListedHome,
  type FormChoice,
} from './funeral-homes.fixtures';

describe('funeral homes: the directory and what homes offer', () => {
  let user: SignedIn;
  let home: SignedIn;
  let unpaid: SignedIn;
  let services: FormChoice[];
  let locations: FormChoice[];

  const ctx = contextForSuite();
  beforeAll(async () => {
    ({ user, home, unpaid } = await formPeople(ctx));
    ({ services, locations } = await formChoices(ctx, user.token));
  });

  describe('GET /web/user/funeral-video/funeral-homes', () => {
    it('lists active homes holding a running funeral-home plan, not the others', async () => {
      const response = await call(ctx, funeralHomeRoutes.homes, user.token);
      expect(response.statusCode).toBe(200);
      const ids = response.json().data.map((row: { id: number }) => row.id);
      expect(ids).toContain(home.id);
      expect(ids).not.toContain(unpaid.id);
      expect(response.json().data.find((row: { id: number }) => row.id === home.id)).toEqual({
        id: home.id,
        home_name: 'Evergreen Chapel',
        email: home.email,
        address: '1 Analytical Way',
        photo_path: null,
        memorials: [],
      });
    });

    it('drops a deactivated home even with a plan', async () => {
      const paused = await signUpListedHome(ctx);
      await ctx.deps.db.update(users).set({ status: 0 }).where(eq(users.id, paused.id));
      const ids = (await call(ctx, funeralHomeRoutes.homes, user.token))
        .json()
        .data.map((r: { id: number }) => r.id);
      expect(ids).not.toContain(paused.id);
    });

    it('drops a home whose plan ran out (payments decides what is running)', async () => {
      const lapsed = await signUpListedHome(ctx);
      const listed = async () =>
        (await call(ctx, funeralHomeRoutes.homes, user.token)).json().data.map((r: { id: number }) => r.id);
      expect(await listed()).toContain(lapsed.id);
      await endPlanOf(ctx, lapsed.id);
      expect(await listed()).not.toContain(lapsed.id);
      expect((await sendForm(ctx, user.token, lapsed.id, filledForm(services, locations))).statusCode).toBe(
        404,
      );
    });

    it('needs a credential (401) and the user role (403)', async () => {
      expect((await call(ctx, funeralHomeRoutes.homes, undefined)).statusCode).toBe(401);
      expect((await call(ctx, funeralHomeRoutes.homes, home.token)).statusCode).toBe(403);
    });
  });

  describe('GET /web/user/funeral-video/sevices and /locations', () => {
    it('offers the default set on a fresh install, and the same for a home without its own', async () => {
      expect(services.map((s) => s.name)).toContain('Memorial service');
      expect(locations.map((l) => l.name)).toContain('Funeral home chapel');
      const ofHome = await call(ctx, funeralHomeRoutes.services, user.token, { query: { home_id: home.id } });
      expect(ofHome.json().data).toEqual(services);
    });

    it("offers a home's own list instead of the defaults once it has one", async () => {
      const own = await signUpListedHome(ctx);
      await ctx.deps.db.insert(funeralServices).values({ homeId: own.id, name: 'Sea burial' });
      const response = await call(ctx, funeralHomeRoutes.services, user.token, {
        query: { home_id: own.id },
      });
      expect(response.json().data.map((s: { name: string }) => s.name)).toEqual(['Sea burial']);
      // Another home still sees the defaults, not this home's own.
      const defaults = await call(ctx, funeralHomeRoutes.services, user.token);
      expect(defaults.json().data).toEqual(services);
    });

    it('refuses a bad home_id (422) and a home that is not listed (404)', async () => {
      const bad = await call(ctx, funeralHomeRoutes.locations, user.token, {
        query: { home_id: 'abc' } as never,
      });
      expect(bad.statusCode).toBe(422);
      const badService = await call(ctx, funeralHomeRoutes.services, user.token, {
        query: { home_id: 'abc' } as never,
      });
      expect(badService.statusCode).toBe(422);
      const unlisted = await call(ctx, funeralHomeRoutes.locations, user.token, {
        query: { home_id: unpaid.id },
      });
      expect(unlisted.statusCode).toBe(404);
    });

    it('needs a credential (401) and the user role (403)', async () => {
      expect((await call(ctx, funeralHomeRoutes.services, undefined)).statusCode).toBe(401);
      expect((await call(ctx, funeralHomeRoutes.locations, home.token)).statusCode).toBe(403);
      expect((await call(ctx, funeralHomeRoutes.locations, undefined)).statusCode).toBe(401);
      expect((await call(ctx, funeralHomeRoutes.services, home.token)).statusCode).toBe(403);
    });
  });
});
