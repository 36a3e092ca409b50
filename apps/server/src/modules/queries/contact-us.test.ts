import { queryRoutes, routeUrl, referencePath } from '@pw/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { multipart, contextForSuite } from '../../../test/helpers';
import {
  bearer,
  post,
  randomIp,
  signUpFuneralHome,
  signUpUser,
  type SignedIn,
} from '../accounts/accounts.fixtures';
import { users } from '../accounts/accounts.schema';
import { CONTACT_LIMIT } from './queries.limits';
import { queries } from './queries.schema';
import { routeTitle, undeclaredPaths } from '../../../test/addresses';

describe('contact us', () => {
  let user: SignedIn;
  let home: SignedIn;
  const ctx = contextForSuite();
  beforeAll(async () => {
    user = await signUpUser(ctx);
    home = await signUpFuneralHome(ctx);
  });

  describe(routeTitle(queryRoutes.contactUs), () => {
    const message = {
      name: 'Visitor',
      email: 'visitor@example.test',
      subject: 'Question',
      message: 'How does it work?',
    };

    async function lastQuery() {
      const rows = await ctx.deps.db.select().from(queries).orderBy(queries.id);
      return rows.at(-1)!;
    }

    it('stores a guest message sent as multipart, and announces it', async () => {
      const announced: unknown[] = [];
      const off = ctx.deps.events.on('query.created', (event) => void announced.push(event));
      const response = await post(ctx, routeUrl(queryRoutes.contactUs), multipart(message));
      off();
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        message: 'Thank you for contacting us. We will get back to you soon.',
        data: null,
      });
      const row = await lastQuery();
      expect(row).toMatchObject({ ...message, userType: 'guest', userId: null });
      expect(announced).toEqual([{ queryId: row.id, userType: 'guest' }]);
    });

    it('records who sent it when signed in (user, funeral home)', async () => {
      await post(ctx, routeUrl(queryRoutes.contactUs), { payload: message, headers: bearer(user.token) });
      expect(await lastQuery()).toMatchObject({ userType: 'user', userId: user.id });
      await post(ctx, routeUrl(queryRoutes.contactUs), { payload: message, headers: bearer(home.token) });
      expect(await lastQuery()).toMatchObject({ userType: 'funeral-home', userId: home.id });
    });

    it('takes a message from a dead or deactivated credential as a guest one', async () => {
      const forged = await post(ctx, routeUrl(queryRoutes.contactUs), {
        payload: message,
        headers: bearer('forged'),
      });
      expect(forged.statusCode).toBe(200);
      expect(await lastQuery()).toMatchObject({ userType: 'guest', userId: null });

      const account = await signUpUser(ctx);
      await ctx.deps.db.update(users).set({ status: 0 }).where(eq(users.id, account.id));
      const deactivated = await post(ctx, routeUrl(queryRoutes.contactUs), {
        payload: message,
        headers: bearer(account.token),
      });
      expect(deactivated.statusCode).toBe(200);
      expect(await lastQuery()).toMatchObject({ userType: 'guest', userId: null });
    });

    it('validates the fields (422)', async () => {
      const response = await post(ctx, routeUrl(queryRoutes.contactUs), { payload: { email: 'x' } });
      expect(response.statusCode).toBe(422);
      expect(response.json().errors).toEqual({
        name: ['The name field is required.'],
        email: ['Please enter a valid e-mail address.'],
        subject: ['The subject field is required.'],
        message: ['The message field is required.'],
      });
    });

    it('limits messages per address (429 + Retry-After)', async () => {
      const ip = randomIp();
      for (let i = 0; i < CONTACT_LIMIT.limit; i += 1) {
        const response = await post(ctx, routeUrl(queryRoutes.contactUs), {
          payload: message,
          remoteAddress: ip,
        });
        expect(response.statusCode).toBe(200);
      }
      const over = await post(ctx, routeUrl(queryRoutes.contactUs), { payload: message, remoteAddress: ip });
      expect(over.statusCode).toBe(429);
      expect(over.headers['retry-after']).toBeDefined();
    });
  });

  it('is in the API reference without a required credential', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: undeclaredPaths.docsJson })).json();
    const operation = doc.paths[referencePath(queryRoutes.contactUs)].post;
    expect(operation.tags).toEqual(['Queries']);
    expect(operation.security).toBeUndefined();
  });
});
