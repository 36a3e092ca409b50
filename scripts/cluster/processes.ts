/**
 * The cluster's processes: API processes and workers (`src/main.ts` as deployed), HAProxy in front of
 * the API processes, each started on loopback and stopped (SIGKILL if need be) by `stopAll`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { API_HEALTH_PATH } from '@pw/contracts';

const serverDir = fileURLToPath(new URL('../../apps/server', import.meta.url));

export interface Proc {
  label: string;
  child: ChildProcess;
  output: string[];
  /** JSON log lines of the process (pino), parsed as they come. */
  logs: Record<string, unknown>[];
  alive(): boolean;
  kill(signal?: NodeJS.Signals): Promise<void>;
}

const running = new Set<Proc>();

export function startProcess(
  label: string,
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  cwd = serverDir,
): Proc {
  const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const output: string[] = [];
  const logs: Record<string, unknown>[] = [];
  let partial = '';
  const take = (chunk: Buffer) => {
    const text = partial + String(chunk);
    const lines = text.split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) {
      output.push(line);
      if (output.length > 2000) output.shift();
      if (line.startsWith('{'))
        try {
          logs.push(JSON.parse(line) as Record<string, unknown>);
        } catch {
          // not a log line
        }
    }
  };
  child.stdout!.on('data', take);
  child.stderr!.on('data', take);
  const proc: Proc = {
    label,
    child,
    output,
    logs,
    alive: () => child.exitCode === null && child.signalCode === null,
    async kill(signal = 'SIGTERM') {
      if (!proc.alive()) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill(signal);
      const forced = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(forced);
      running.delete(proc);
    },
  };
  running.add(proc);
  return proc;
}

export function startServer(label: string, env: NodeJS.ProcessEnv): Proc {
  return startProcess(label, process.execPath, ['--import', 'tsx', 'src/main.ts'], env);
}

export async function stopAll() {
  await Promise.all([...running].map((proc) => proc.kill('SIGKILL')));
}

export async function waitFor<T>(
  check: () => Promise<T | null | false | undefined>,
  timeoutMs: number,
  what: string,
  everyMs = 200,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check().catch(() => null);
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

export async function waitHealthy(url: string, proc: Proc, timeoutMs = 60_000) {
  await waitFor(
    async () => {
      if (!proc.alive()) throw new Error(`${proc.label} exited: ${proc.output.slice(-20).join('\n')}`);
      return (await fetch(`${url}${API_HEALTH_PATH}`)).ok;
    },
    timeoutMs,
    `${proc.label} healthy`,
  );
}

/**
 * HAProxy, round-robin over the API processes, health-checked on /api/health, each request's client
 * address passed on in X-Forwarded-For (the API processes trust it from loopback: TRUST_PROXY). Which
 * process answered is said only to a request carrying the run's own probe token (`probeToken`), so the
 * checks can tell while an ordinary client learns nothing of the servers behind the balancer.
 */
export async function startBalancer(
  dir: string,
  port: number,
  servers: { name: string; port: number }[],
  probeToken: string,
) {
  const config = [
    'global',
    '  maxconn 1024',
    'defaults',
    '  mode http',
    '  timeout connect 2s',
    '  timeout client 300s',
    '  timeout server 300s',
    '  option redispatch',
    // Without it every client has HAProxy's address: one login limit for all of them.
    '  option forwardfor',
    '  retries 2',
    'frontend cluster',
    `  bind 127.0.0.1:${port}`,
    '  default_backend api',
    'backend api',
    '  balance roundrobin',
    '  option httpchk GET /api/health',
    '  http-check expect status 200',
    '  default-server inter 500ms fall 2 rise 2',
    `  http-request set-var(txn.probe) str(yes) if { req.hdr(x-cluster-probe) -m str ${probeToken} }`,
    '  http-request del-header x-cluster-probe',
    '  http-response del-header x-cluster-server',
    '  http-response set-header X-Cluster-Server %s if { var(txn.probe) -m str yes }',
    ...servers.map((server) => `  server ${server.name} 127.0.0.1:${server.port} check`),
    '',
  ].join('\n');
  const file = path.join(dir, 'haproxy.cfg');
  await fs.writeFile(file, config);
  const binary = process.env.HAPROXY ?? '/usr/sbin/haproxy';
  return startProcess('haproxy', binary, ['-f', file, '-db'], process.env, dir);
}
