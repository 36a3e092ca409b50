import { accountRoutes, routeUrl } from '@pw/contracts';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { readOutbox, contextForSuite } from '../../../../test/helpers';
import { rateLimits } from '../../../platform/rate-limit/rate-limit.schema';
import { LIMITS } from '../accounts.limits';
import { codeIn, PASSWORD, post, randomIp, signUpUser, waitForMail } from '../accounts.fixtures';

const NEW_PASSWORD = 'a-brand-new-secret';

/**
 * Someone who knows only an e-mail address attacks its account from many addresses
 * (docs/decisions/0096): the owner, from an address of their own, still gets in; the flood is slowed.
 */
describe('lockouts count failures, not the account alone', () => {
  const ctx = contextForSuite();

  const login = (email: string, password: string, remoteAddress: string) =>
    post(ctx, routeUrl(accountRoutes.webLogin), { payload: { email, password }, remoteAddress });
  const verify = (email: string, token: string, remoteAddress: string) =>
    post(ctx, routeUrl(accountRoutes.webVerifyCode), { payload: { email, token }, remoteAddress });
  const askCode = (email: string, remoteAddress: string) =>
    post(ctx, routeUrl(accountRoutes.webResetPassword), { payload: { email }, remoteAddress });
  /** Sets NEW_PASSWORD with the code `token` from `remoteAddress`, then signs in with it from there. */
  const setPasswordAndSignIn = async (email: string, token: string, remoteAddress: string) => {
    const set = await post(ctx, routeUrl(accountRoutes.webSetPassword), {
      payload: { email, token, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD },
      remoteAddress,
    });
    expect(set.statusCode).toBe(200);
    expect((await login(email, NEW_PASSWORD, remoteAddress)).statusCode).toBe(200);
  };
  const addresses = (n: number) => Array.from({ length: n }, () => randomIp());
  /** `rounds` rounds of `call` from every one of `attackers` in turn; answers how many got each status. */
  const flood = async (
    attackers: string[],
    rounds: number,
    call: (address: string) => Promise<{ statusCode: number }>,
  ) => {
    const statuses: number[] = [];
    for (let round = 0; round < rounds; round += 1)
      for (const address of attackers) statuses.push((await call(address)).statusCode);
    return (status: number) => statuses.filter((answered) => answered === status).length;
  };

  describe('login', () => {
    it('lets the owner in from a clean address after 17 wrong passwords from other addresses', async () => {
      const owner = await signUpUser(ctx);
      const [noisy, ...others] = addresses(6);
      // 12 from one address (the last two already refused), then one from each of five others.
      for (let i = 0; i < 12; i += 1) await login(owner.email, 'wrong-password', noisy!);
      for (const address of others) {
        expect((await login(owner.email, 'wrong-password', address)).statusCode).toBe(401);
      }
      const response = await login(owner.email, PASSWORD, randomIp());
      expect(response.statusCode).toBe(200);
      expect(response.json().data.token).toEqual(expect.any(String));
    });

    it('still slows a flood from many addresses: past the ceiling each address gets one guess', async () => {
      const owner = await signUpUser(ctx);
      const { limit: ceiling } = LIMITS.loginFailuresPerAccount;
      const attackers = addresses(ceiling + 10);
      // Three rounds: without the ceiling every address could fail 10 times in the window.
      const answered = await flood(attackers, 3, (address) => login(owner.email, 'wrong-password', address));
      expect(answered(401)).toBe(attackers.length);
      expect(answered(429)).toBe(2 * attackers.length);
      // Even a right guess from an address that has failed is refused while the flood lasts ...
      const refused = await login(owner.email, PASSWORD, attackers[0]!);
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      // ... while the owner, from a clean address, gets in.
      expect((await login(owner.email, PASSWORD, randomIp())).statusCode).toBe(200);
    });

    it('does not count successes: an address signing in all day keeps its whole budget of failures', async () => {
      const owner = await signUpUser(ctx);
      const office = randomIp();
      for (let i = 0; i < 15; i += 1)
        expect((await login(owner.email, PASSWORD, office)).statusCode).toBe(200);
      // All ten failures of the account-and-address budget are still there, then it stops.
      const { limit } = LIMITS.loginFailuresPerAccountAddress;
      for (let i = 0; i < limit; i += 1)
        expect((await login(owner.email, 'wrong-password', office)).statusCode).toBe(401);
      expect((await login(owner.email, 'wrong-password', office)).statusCode).toBe(429);
      // The address's counter (the NAT budget of 100) holds the 11 failures only, not the 15 successes.
      const [row] = await ctx.deps.db
        .select({ count: rateLimits.count })
        .from(rateLimits)
        .where(eq(rateLimits.key, `loginFailuresPerAddress:${office}`));
      expect(row?.count).toBe(limit + 1);
    });
  });

  describe('reset codes', () => {
    it("accepts the owner's code from a clean address after 17 wrong codes from other addresses", async () => {
      const owner = await signUpUser(ctx);
      const home = randomIp();
      expect((await askCode(owner.email, home)).statusCode).toBe(200);
      const code = codeIn(await waitForMail(ctx.dataDir, owner.email));
      const wrong = code === '000000' ? '111111' : '000000';
      // Seven from one address (its code is dead after 5), then two from each of five others.
      const [noisy, ...others] = addresses(6);
      for (let i = 0; i < 7; i += 1) await verify(owner.email, wrong, noisy!);
      for (const address of others) {
        for (let i = 0; i < 2; i += 1)
          expect((await verify(owner.email, wrong, address)).statusCode).toBe(422);
      }
      expect((await verify(owner.email, code, home)).statusCode).toBe(200);
      await setPasswordAndSignIn(owner.email, code, home);
    });

    it('lets an address locked out by its own typos sign in at once after resetting the password', async () => {
      const owner = await signUpUser(ctx);
      const home = randomIp();
      for (let i = 0; i < LIMITS.loginFailuresPerAccountAddress.limit; i += 1)
        expect((await login(owner.email, 'half-remembered', home)).statusCode).toBe(401);
      expect((await login(owner.email, PASSWORD, home)).statusCode).toBe(429);
      await askCode(owner.email, home);
      const code = codeIn(await waitForMail(ctx.dataDir, owner.email));
      await setPasswordAndSignIn(owner.email, code, home);
    });

    it('still slows a flood of wrong codes from many addresses', async () => {
      const owner = await signUpUser(ctx);
      const home = randomIp();
      await askCode(owner.email, home);
      const code = codeIn(await waitForMail(ctx.dataDir, owner.email));
      const wrong = code === '000000' ? '111111' : '000000';
      const { limit: ceiling } = LIMITS.codeFailuresPerAccount;
      const attackers = addresses(ceiling + 5);
      const answered = await flood(attackers, 3, (address) => verify(owner.email, wrong, address));
      // One wrong code per address got checked; each address's next tries were refused.
      expect(answered(422)).toBe(attackers.length);
      expect(answered(429)).toBe(2 * attackers.length);
      expect((await verify(owner.email, code, home)).statusCode).toBe(200);
    });

    it('lets the owner ask for a code from a clean address while others flood the reset call', async () => {
      const owner = await signUpUser(ctx);
      const { limit: ceiling } = LIMITS.resetPerAccount;
      const attackers = addresses(ceiling + 3);
      const answered = await flood(attackers, 2, (address) => askCode(owner.email, address));
      // Past the ceiling an address that has asked already is refused: the inbox gets one mail per address.
      expect(answered(200)).toBe(attackers.length);
      expect(answered(429)).toBe(attackers.length);
      await waitForMail(ctx.dataDir, owner.email, attackers.length);
      const mailsTo = async () => (await readOutbox(ctx.dataDir)).filter((mail) => mail.to === owner.email);
      const before = new Set((await mailsTo()).map(codeIn));
      const home = randomIp();
      expect((await askCode(owner.email, home)).statusCode).toBe(200);
      await waitForMail(ctx.dataDir, owner.email, attackers.length + 1);
      const sent = await mailsTo();
      expect(sent).toHaveLength(attackers.length + 1);
      const ownCode = sent.map(codeIn).find((code) => !before.has(code));
      expect((await verify(owner.email, ownCode!, home)).statusCode).toBe(200);
    });
  });
});
