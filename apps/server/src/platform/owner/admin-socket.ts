/**
 * The operator commands over the owner's admin socket (decision 0380): `POST /commands/<name>` with the
 * options as JSON; the answer streams one JSON object per line, `{"out": …}` or `{"err": …}` while the
 * command runs and `{"exit": code}` last. Only the machine's operator reaches the socket (0600, in a
 * 0700 folder: data-lock.ts).
 */
import http from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import type { Platform } from '../platform';
import { adminSocketPath } from './data-lock';
import { isOperatorCommand, runCommand, type CommandOptions } from './commands';

type Line = { out: string } | { err: string } | { exit: number };

const COMMANDS_PATH = '/commands/';
const MAX_OPTIONS_BYTES = 64 * 1024;

async function readOptions(request: http.IncomingMessage): Promise<CommandOptions> {
  let text = '';
  for await (const chunk of request) {
    text += String(chunk);
    if (text.length > MAX_OPTIONS_BYTES) throw new Error('options too long');
  }
  const options: unknown = JSON.parse(text || '{}');
  if (typeof options !== 'object' || options === null || Array.isArray(options))
    throw new Error('options must be an object');
  return options as CommandOptions;
}

/** The server's side: runs the commands on its own configuration and its open database. */
export function commandHandler(
  platform: Pick<Platform, 'config' | 'database'>,
  logger: FastifyBaseLogger,
): http.RequestListener {
  return (request, response) => {
    const name = request.url?.startsWith(COMMANDS_PATH) ? request.url.slice(COMMANDS_PATH.length) : '';
    if (request.method !== 'POST' || !isOperatorCommand(name)) {
      response.statusCode = 404;
      response.end();
      return;
    }
    let gone = false;
    response.on('close', () => (gone = !response.writableFinished));
    const send = (line: Line) => {
      // The operator stopped the command (Ctrl-C): it ends at its next line, as it would in-process.
      if (gone) throw new Error(`${name}: the operator's command went away`);
      response.write(`${JSON.stringify(line)}\n`);
    };
    void (async () => {
      let options: CommandOptions;
      try {
        options = await readOptions(request);
      } catch (error) {
        response.statusCode = 400;
        response.end(`${JSON.stringify({ err: String(error) })}\n`);
        return;
      }
      response.setHeader('content-type', 'application/x-ndjson');
      logger.info({ command: name }, `operator command ${name} started through the admin socket`);
      const context = {
        config: platform.config,
        database: async () => platform.database,
        log: (out: string) => send({ out }),
      };
      const exit = await runCommand(name, context, options, (err) => {
        if (!gone) send({ err });
      });
      logger.info({ command: name, exit }, `operator command ${name} ended`);
      if (!gone) response.end(`${JSON.stringify({ exit })}\n`);
    })();
  };
}

/**
 * The command's side: sends the work to the owner of `dataDir` and hands each line on as it comes.
 * Answers the command's exit code.
 */
export function sendCommand(
  dataDir: string,
  name: string,
  options: CommandOptions,
  print: { out: (line: string) => void; err: (line: string) => void },
): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      { socketPath: adminSocketPath(dataDir), method: 'POST', path: `${COMMANDS_PATH}${name}` },
      (response) => {
        let pending = '';
        let exit: number | null = null;
        const take = (text: string) => {
          if (!text) return;
          const line = JSON.parse(text) as Partial<{ out: string; err: string; exit: number }>;
          if (line.out !== undefined) print.out(line.out);
          if (line.err !== undefined) print.err(line.err);
          if (line.exit !== undefined) exit = line.exit;
        };
        response.on('data', (chunk: Buffer) => {
          const lines = (pending + String(chunk)).split('\n');
          pending = lines.pop()!;
          lines.forEach(take);
        });
        response.on('end', () => {
          take(pending);
          if (exit === null)
            reject(new Error('the server ended the command without an exit code (it stopped?)'));
          else resolve(exit);
        });
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(JSON.stringify(options));
  });
}
