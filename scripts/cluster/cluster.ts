import type { TestSmtp } from '../../apps/server/test/smtp';
import type { Proc } from './processes';

/** The running deployment every check is handed: its balancer, database, mail and processes. */
export interface Cluster {
  lb: string;
  dbUrl: string;
  root: string;
  smtp: TestSmtp;
  uploadMiB: number;
  /** How many deliveries fall due at once. */
  deliveries: number;
  apis: { label: string; port: number; proc: Proc; env: NodeJS.ProcessEnv }[];
  /** The header that makes the balancer name the API process that answered (X-Cluster-Server). */
  probe: Record<string, string>;
  workers: { label: string; proc: Proc; env: NodeJS.ProcessEnv }[];
  query<T = Record<string, unknown>>(text: string, values?: unknown[]): Promise<T[]>;
  restartApi(index: number): Promise<void>;
  startWorker(index: number): Promise<void>;
}
