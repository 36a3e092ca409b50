import { startWorkers, type WorkerTuning } from '../src/composition';
import { createTestContext, type TestContext } from './helpers';
import { startTestSmtp, type ReceivedMail, type TestSmtp } from './smtp';

export interface MailingApp {
  ctx: TestContext;
  smtp: TestSmtp;
  /** The messages the SMTP server accepted for this address. */
  mailsTo(email: string): ReceivedMail[];
  close(): Promise<void>;
}

/** Delivery retries and sweeps in seconds, so a test sees a retry or a lost job picked up quickly. */
export const quickDeliveryRetries: WorkerTuning = {
  delivery: {
    retryBaseSeconds: 1,
    processingRecheckSeconds: 1,
    sweepIntervalSeconds: 2,
    sweepGraceSeconds: 3,
  },
};

/** The real app sending to a test SMTP server, every worker running: what e-mailing tests need. */
export async function startMailingApp(
  env: Record<string, string> = {},
  tuning: WorkerTuning = {},
): Promise<MailingApp> {
  const smtp = await startTestSmtp();
  const ctx = await createTestContext({ ...env, SMTP_URL: smtp.url, PUBLIC_URL: 'http://pw.test' });
  const stopWorkers = await startWorkers(ctx.composition, tuning);
  return {
    ctx,
    smtp,
    mailsTo: (email) => smtp.messages.filter((mail) => mail.to === email),
    async close() {
      await stopWorkers();
      await ctx.close();
      await smtp.close();
    },
  };
}
