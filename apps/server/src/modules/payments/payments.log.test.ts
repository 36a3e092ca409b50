import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { lineSink } from '../../../test/log-lines';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { paymentRoutes, routeUrl } from '@pw/contracts';
import { buildApp } from '../../app';
import { compose, type CompositionView } from '../../composition';
import { loadConfig } from '../../platform/config';
import { createLogger } from '../../platform/logging/logger';
import { createTestDatabase, type TestContext } from '../../../test/helpers';
import { createAccount } from '../../../test/video-helpers';
import { closeTestApp } from '../../../test/close-app';

const NUMBER = '5555555555554444';
const CVV = '731';

/** The log at `info`, as production writes it, after payments that succeed, fail and are malformed. */
describe('card details stay out of the log', () => {
  const lines: string[] = [];
  let app: FastifyInstance;
  let dataDir: string;
  let deps: CompositionView;
  let stop: () => Promise<void>;

  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'pw-pay-log-'));
    const config = loadConfig({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      APP_SECRET: 'payment-log-secret-of-32-bytes-or-more',
    });
    const sink = lineSink(lines);
    const { database, drop } = await createTestDatabase();
    const composition = await compose(config, createLogger(config.LOG_LEVEL, sink), { database });
    deps = composition.deps;
    app = await buildApp(composition);
    await app.ready();
    stop = async () => {
      await closeTestApp(app, composition, drop);
    };
  });
  afterAll(async () => {
    await stop?.();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('logs the payment requests but neither the card number nor the CVV', async () => {
    const { headers } = await createAccount({ deps } as TestContext);
    const send = (body: object) =>
      app.inject({
        method: 'POST',
        url: routeUrl(paymentRoutes.extraTimePayment),
        headers,
        payload: body,
      });
    const card = { card_holder_name: 'Jane Doe', card_no: NUMBER, expiry_date: '12/39', cvv: CVV };
    expect((await send({ ...card, duration: '00:01:00' })).statusCode).toBe(200);
    const declined = { ...card, card_no: '4000000000000002' };
    expect((await send({ ...declined, duration: '00:02:00' })).statusCode).toBe(422);
    expect((await send({ ...card, duration: 'soon' })).statusCode).toBe(422);

    const log = lines.join('\n');
    expect(log).toContain(routeUrl(paymentRoutes.extraTimePayment));
    for (const secret of [NUMBER, '4000000000000002']) expect(log).not.toContain(secret);
    // The CVV on its own (timestamps are longer runs of digits that may hold it).
    expect(log).not.toMatch(new RegExp(`(?<!\\d)${CVV}(?!\\d)`));
  });
});
