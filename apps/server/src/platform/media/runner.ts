import { spawn } from 'node:child_process';

export interface RunOptions {
  /** Kill the process when it runs longer than this (ms). */
  timeoutMs: number;
  /** Aborting kills the process too (e.g. a worker shutting down). */
  signal?: AbortSignal;
  /** Keep at most this many bytes of stdout (ffprobe JSON); stderr keeps its last 16 KiB. */
  maxStdoutBytes?: number;
  /**
   * Streams stdout here instead of keeping it (a packet scan of a long file): nothing is cut off by the
   * stdout cap, and memory stays small.
   */
  onStdout?: (chunk: string) => void;
  /** The folder the process runs in: the job's own folder, so relative names stay inside it. */
  cwd?: string;
}

export interface RunResult {
  stdout: string;
  stderr: string;
}

/** A failed ffmpeg/ffprobe run: the exit code (or signal) and the tail of stderr, for logs and failure reasons. */
export class MediaProcessError extends Error {
  constructor(
    message: string,
    public readonly exitCode: number | null,
    public readonly stderr: string,
    public readonly timedOut = false,
    /** The signal that ended the process (e.g. SIGSEGV when a decoder crashed on the file). */
    public readonly signal: NodeJS.Signals | null = null,
  ) {
    super(message);
  }
}

const STDERR_TAIL_BYTES = 16 * 1024;

/**
 * The only place that starts ffmpeg or ffprobe: owns spawn, the timeout, the kill (SIGTERM, then SIGKILL
 * if it lingers), and stderr capture. Arguments are passed as an array, never through a shell.
 */
export function runMediaProcess(
  binary: string,
  args: readonly string[],
  options: RunOptions,
): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const maxStdout = options.maxStdoutBytes ?? 8 * 1024 * 1024;
    const child = spawn(binary, args, { stdio: ['ignore', 'pipe', 'pipe'], cwd: options.cwd });
    const stdout: Buffer[] = [];
    let stdoutBytes = 0;
    let stderr = Buffer.alloc(0);
    let timedOut = false;
    let aborted = false;
    let settled = false;

    const kill = () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const hard = setTimeout(() => child.kill('SIGKILL'), 2000);
      hard.unref();
    };
    const timer = setTimeout(() => {
      timedOut = true;
      kill();
    }, options.timeoutMs);
    const onAbort = () => {
      aborted = true;
      kill();
    };
    options.signal?.addEventListener('abort', onAbort, { once: true });

    child.stdout.on('data', (chunk: Buffer) => {
      if (options.onStdout) {
        options.onStdout(chunk.toString('latin1'));
        return;
      }
      if (stdoutBytes >= maxStdout) return;
      stdout.push(chunk);
      stdoutBytes += chunk.length;
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = Buffer.concat([stderr, chunk]);
      if (stderr.length > STDERR_TAIL_BYTES) stderr = stderr.subarray(stderr.length - STDERR_TAIL_BYTES);
    });

    const finish = (error: Error | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      if (error) reject(error);
      else resolve({ stdout: Buffer.concat(stdout).toString('utf8'), stderr: stderr.toString('utf8') });
    };

    child.on('error', (error) =>
      finish(new MediaProcessError(`Could not start ${binary}: ${error.message}`, null, '')),
    );
    child.on('close', (code, signal) => {
      const tail = stderr.toString('utf8').trim();
      if (timedOut) {
        finish(
          new MediaProcessError(
            `${name(binary)} timed out after ${options.timeoutMs} ms`,
            code,
            tail,
            true,
            signal,
          ),
        );
      } else if (aborted) {
        finish(new MediaProcessError(`${name(binary)} was stopped`, code, tail, false, signal));
      } else if (code !== 0) {
        const reason = signal ? `was killed by ${signal}` : `exited with code ${code}`;
        finish(
          new MediaProcessError(`${name(binary)} ${reason}: ${lastLine(tail)}`, code, tail, false, signal),
        );
      } else {
        finish(null);
      }
    });
  });
}

const name = (binary: string) => binary.split(/[\\/]/).pop() ?? binary;
const lastLine = (text: string) => text.split('\n').filter(Boolean).pop() ?? '';
