import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { POLICY_MESSAGES, notificationKinds, policyRoutes, routeUrl } from '@pw/contracts';
import { createTestContext, readOutbox, type TestContext } from '../../../test/helpers';
import { insertUser } from '../../../test/delivery-fixtures';
import { runDutyOnce, waitForQueueIdle } from '../../../test/jobs';
import { startWorkers } from '../../composition';
import { loadConfig } from '../../platform/config';
import { users } from '../accounts/accounts.schema';
import { notifications } from '../notifications/notifications.schema';
import { mailOutbox } from '../../platform/mail/mail.schema';
import { createPolicyModule, policyAnnounceQueue, policyMailQueue, type PolicyApi } from '.';

describe('policy versions', () => {
  let ctx: TestContext;
  let stopWorkers: () => Promise<void>;
  const ids: Record<'ann' | 'ben' | 'home' | 'off' | 'admin' | 'late', number> = {} as never;
  const tokens: Record<'ann' | 'ben' | 'home' | 'admin' | 'late', string> = {} as never;

  /** Another process over the same database, started with this version (a restart, or a second host). */
  const processWith = (version: string, date: string, batchSize = 2): PolicyApi =>
    createPolicyModule(
      {
        ...ctx.composition.platform,
        config: { ...ctx.config, POLICY_VERSION: version, POLICY_DATE: date },
      },
      { notifications: ctx.deps.notifications },
      { batchSize },
    ).api;

  const told = async (userId: number) =>
    ctx.deps.db
      .select({ id: notifications.id })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.kind, notificationKinds.policyUpdated)));
  const mailsTo = async (userId: number) =>
    ctx.deps.db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.accountId, userId), eq(mailOutbox.kind, 'policy-updated')));

  const call = (route: (typeof policyRoutes)[keyof typeof policyRoutes], token?: string, payload?: unknown) =>
    ctx.app.inject({
      method: route.method,
      url: routeUrl(route),
      headers: token ? { authorization: `Bearer ${token}` } : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  beforeAll(async () => {
    // This installation now runs version 2; it first ran version 1 (below).
    ctx = await createTestContext({ POLICY_VERSION: '2', POLICY_DATE: '2026-11-20' });
    ids.ann = await insertUser(ctx.deps.db, { firstName: 'Ann', email: 'ann@example.test' });
    ids.ben = await insertUser(ctx.deps.db, { firstName: 'Ben', email: 'ben@example.test' });
    ids.home = await insertUser(ctx.deps.db, {
      type: 'funeral-home',
      firstName: 'Hope',
      email: 'home@example.test',
    });
    ids.off = await insertUser(ctx.deps.db, { firstName: 'Otto', email: 'off@example.test', status: 0 });
    ids.admin = await insertUser(ctx.deps.db, { type: 'admin', email: 'admin@example.test' });
    for (const who of ['ann', 'ben', 'home', 'admin'] as const)
      tokens[who] = await ctx.deps.sessions.create(ids[who], false);
    // The versions are recorded after these accounts were made (created_at is the database's clock).
    ctx.clock.set(new Date(Date.now() + 60_000));
  });
  afterAll(async () => {
    await stopWorkers?.();
    await ctx.close();
  });

  it('records an installation’s first version without telling anyone', async () => {
    const first = processWith('1', '2024-01-01');
    await first.recordVersion();
    expect(await first.announceNext()).toBe(0);
    expect(await told(ids.ann)).toHaveLength(0);
    expect((await first.notice(ids.ann)).must_acknowledge).toBe(false);
    expect((await first.acknowledgements()).announced).toBe(false);
  });

  it('tells every active account of a new version once, however many processes run the batches', async () => {
    ctx.clock.advance(60_000);
    // Two processes start together with version 2; each runs announcement batches of two accounts.
    const one = processWith('2', '2026-11-20');
    const two = processWith('2', '2026-11-20');
    await Promise.all([one.recordVersion(), two.recordVersion(), ctx.deps.policy.recordVersion()]);
    const runs = await Promise.all([one.announceNext(), two.announceNext(), one.announceNext()]);
    // Ann, Ben and the funeral home: three accounts, two batches, a third run finding none left.
    expect(runs.sort()).toEqual([0, 1, 2]);
    // A restart: the version is known, the announcement goes on where it was (nothing left).
    const restarted = processWith('2', '2026-11-20');
    await restarted.recordVersion();
    expect(await restarted.announceNext()).toBe(0);

    for (const who of ['ann', 'ben', 'home'] as const) {
      expect(await told(ids[who])).toHaveLength(1);
      expect(await mailsTo(ids[who])).toHaveLength(1);
    }
    // Neither a deactivated account nor an administrator is told.
    for (const who of ['off', 'admin'] as const) {
      expect(await told(ids[who])).toHaveLength(0);
      expect(await mailsTo(ids[who])).toHaveLength(0);
    }
    const [notice] = await ctx.deps.db.select().from(notifications).where(eq(notifications.userId, ids.ann));
    expect(notice).toMatchObject({
      title: POLICY_MESSAGES.updatedTitle,
      body: POLICY_MESSAGES.updatedBody,
      data: { link: '/policy', version: '2' },
    });
  });

  it('sends each announcement e-mail once, through the outbox, and the duty tells nobody again', async () => {
    stopWorkers = await startWorkers(ctx.composition);
    await runDutyOnce(ctx.deps.queue, ctx.deps.database.executeSql, policyAnnounceQueue);
    await runDutyOnce(ctx.deps.queue, ctx.deps.database.executeSql, policyAnnounceQueue);
    await waitForQueueIdle(ctx.deps.database.executeSql, policyMailQueue);
    const mails = (await readOutbox(ctx.dataDir)).filter((m) => m.subject.includes('Privacy Policy'));
    expect(mails.map((m) => m.to).sort()).toEqual([
      'ann@example.test',
      'ben@example.test',
      'home@example.test',
    ]);
    expect(mails[0]!.text).toContain('version 2, in effect from 20 November 2026');
    expect(mails[0]!.text).toContain(`${ctx.config.PUBLIC_URL}/policy`);
    expect(mails[0]!.text).toContain(`${ctx.config.PUBLIC_URL}/terms`);
    for (const who of ['ann', 'ben', 'home'] as const) expect(await told(ids[who])).toHaveLength(1);
    const summary = (await call(policyRoutes.acknowledgements, tokens.admin)).json().data;
    expect(summary).toMatchObject({ told: 3, announcement_finished: true });
  });

  it('answers the version in force to anyone (the public pages)', async () => {
    const response = await call(policyRoutes.current);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { version: '2', date: '2026-11-20' } });
  });

  it('asks the accounts told, not one made after the change', async () => {
    ids.late = await insertUser(ctx.deps.db, { firstName: 'Lee', email: 'late@example.test' });
    await ctx.deps.db.update(users).set({ createdAt: ctx.clock.now() }).where(eq(users.id, ids.late));
    tokens.late = await ctx.deps.sessions.create(ids.late, false);

    const ann = await call(policyRoutes.notice, tokens.ann);
    expect(ann.statusCode).toBe(200);
    expect(ann.json().data).toEqual({
      version: '2',
      date: '2026-11-20',
      must_acknowledge: true,
      acknowledged_at: null,
    });
    expect((await call(policyRoutes.notice, tokens.home)).json().data.must_acknowledge).toBe(true);
    expect((await call(policyRoutes.notice, tokens.late)).json().data.must_acknowledge).toBe(false);
  });

  it('refuses the notice and the acknowledgement without a credential (401) and to an admin (403)', async () => {
    expect((await call(policyRoutes.notice)).statusCode).toBe(401);
    expect((await call(policyRoutes.notice, 'not-a-token')).statusCode).toBe(401);
    expect((await call(policyRoutes.acknowledge, undefined, { version: '2' })).statusCode).toBe(401);
    expect((await call(policyRoutes.notice, tokens.admin)).statusCode).toBe(403);
    expect((await call(policyRoutes.acknowledge, tokens.admin, { version: '2' })).statusCode).toBe(403);
    // Nothing was recorded for anyone.
    expect((await call(policyRoutes.acknowledgements, tokens.admin)).json().data.acknowledged).toBe(0);
  });

  it('refuses an acknowledgement without the version in force (422), recording nothing', async () => {
    for (const [payload, message] of [
      [{}, POLICY_MESSAGES.versionRequired],
      [{ version: '' }, POLICY_MESSAGES.versionRequired],
      [{ version: '1' }, POLICY_MESSAGES.notCurrent],
      [{ version: '3' }, POLICY_MESSAGES.notCurrent],
      [{ version: '<b>2</b>' }, POLICY_MESSAGES.notCurrent],
      [{ version: 2 }, undefined],
      [{ version: '2'.repeat(100_000) }, undefined],
      [{ version: ['2'] }, undefined],
    ] as const) {
      const response = await call(policyRoutes.acknowledge, tokens.ann, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
      if (message) expect(response.json().errors.version).toEqual([message]);
    }
    expect((await call(policyRoutes.notice, tokens.ann)).json().data.must_acknowledge).toBe(true);
  });

  it('records an acknowledgement once: a second call answers the first time', async () => {
    const first = await call(policyRoutes.acknowledge, tokens.ann, { version: '2' });
    expect(first.statusCode).toBe(200);
    expect(first.json().message).toBe(POLICY_MESSAGES.acknowledged);
    expect(first.json().data).toMatchObject({ must_acknowledge: false, version: '2' });
    const at = first.json().data.acknowledged_at;
    expect(at).toBe(ctx.clock.now().toISOString());

    ctx.clock.advance(5 * 60_000);
    const again = await call(policyRoutes.acknowledge, tokens.ann, { version: '2' });
    expect(again.statusCode).toBe(200);
    expect(again.json().data.acknowledged_at).toBe(at);
    expect((await call(policyRoutes.notice, tokens.ann)).json().data).toMatchObject({
      must_acknowledge: false,
      acknowledged_at: at,
    });
    // Ben has not: his notice stays.
    expect((await call(policyRoutes.notice, tokens.ben)).json().data.must_acknowledge).toBe(true);
  });

  it('shows the admin how many of the accounts asked have acknowledged the version in force', async () => {
    await call(policyRoutes.acknowledge, tokens.home, { version: '2' });
    // An account made after the change may acknowledge too; it was not asked, so it is not counted.
    await call(policyRoutes.acknowledge, tokens.late, { version: '2' });
    expect((await call(policyRoutes.acknowledgements)).statusCode).toBe(401);
    expect((await call(policyRoutes.acknowledgements, tokens.ben)).statusCode).toBe(403);
    expect((await call(policyRoutes.acknowledgements, tokens.home)).statusCode).toBe(403);
    const response = await call(policyRoutes.acknowledgements, tokens.admin);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({
      version: '2',
      date: '2026-11-20',
      announced: true,
      asked: 3,
      acknowledged: 2,
      told: 3,
      announcement_finished: true,
    });
  });

  it('refuses a policy version or date an operator mistyped', () => {
    const env = { DATA_DIR: ctx.dataDir };
    expect(() => loadConfig({ ...env, POLICY_VERSION: 'two words' })).toThrow(/POLICY_VERSION/);
    expect(() => loadConfig({ ...env, POLICY_DATE: '2026-02-30' })).toThrow(/POLICY_DATE/);
    expect(() => loadConfig({ ...env, POLICY_DATE: '20/11/2026' })).toThrow(/POLICY_DATE/);
    expect(loadConfig(env)).toMatchObject({ POLICY_VERSION: '1', POLICY_DATE: '2024-01-01' });
  });
});
