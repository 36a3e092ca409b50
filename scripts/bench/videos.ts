/**
 * Video figures (issue: video library, server side):
 * 1. a 1 GiB upload through the real HTTP server (a spawned `main.ts`, ROLE=all): the server's RSS growth
 *    and the throughput as a share of a plain stream copy of the same file on the same disk, for the
 *    resumable (tus PATCH) path and the multipart `store` path up to the point where the file is on disk;
 * 2. conversion speed of a 60 s 720p clip as a multiple of real time (the x264 settings of the pipeline),
 *    with each ffmpeg/ffprobe pair the product may run: the system's and the npm-bundled one;
 * 3. time from "upload finished" to `ready` for a 30 s clip that needs no re-encode (the copy path);
 * 4. the media step of merging two 60 s 720p drafts of the pipeline's format (joined by stream copy).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '../../apps/server/src/platform/db';
import { systemClock } from '../../apps/server/src/platform/clock';
import { users } from '../../apps/server/src/modules/accounts/accounts.schema';
import { createSessionStore } from '../../apps/server/src/modules/accounts';
import { createMediaTools, resolveBinaries } from '../../apps/server/src/platform/media/media';
import {
  bundledBinaries,
  describeBinaries,
  systemBinaries,
  type MediaBinaries,
} from '../../apps/server/src/platform/media/binaries';
import { DEFAULT_ENCODE } from '../../apps/server/src/platform/media/args';
import { runMediaProcess } from '../../apps/server/src/platform/media/runner';
import { freePort } from '../../apps/server/test/server-process';
import { sized } from './options';
import { videoRoutes, routeUrl, API_HEALTH_PATH, API_ROOT, VIDEO_TUS_PATH } from '@pw/contracts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const GiB = 1024 * 1024 * 1024;
const MiB = 1024 * 1024;
/** The large upload, the converted clip and the copied clip: their measured sizes, or small ones (`--quick`). */
const UPLOAD_BYTES = sized(GiB, 16 * MiB);
const UPLOAD = sized('1 GiB', '16 MiB');
const CONVERT_SECONDS = sized(60, 2);
const CLIP_SECONDS = sized(30, 2);
const MERGE_SECONDS = sized(60, 2);

interface Server {
  url: string;
  token: string;
  child: ChildProcess;
  rssBytes(): number;
  stop(): Promise<void>;
}

/** The real server in its own process, on a fresh DATA_DIR, with one user signed in. */
async function startServer(dataDir: string): Promise<Server> {
  const database = await openDatabase({ dataDir: path.join(dataDir, 'db') });
  const [user] = await database.db
    .insert(users)
    .values({
      type: 'user',
      email: 'bench@example.test',
      passwordHash: 'x',
      firstName: 'Bench',
      lastName: 'User',
    })
    .returning();
  const token = await createSessionStore(database.db, systemClock).create(user!.id, true);
  await database.close();

  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ROLE: 'all',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i += 1) {
    if (child.exitCode !== null) throw new Error('server exited');
    try {
      if ((await fetch(`${url}${API_HEALTH_PATH}`)).ok) break;
    } catch {
      // not listening yet
    }
    if (i > 600) throw new Error('server did not start');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    token,
    child,
    rssBytes() {
      const status = fs.readFileSync(`/proc/${child.pid}/status`, 'utf8');
      return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) * 1024;
    },
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** CPU seconds used by finished child processes of this process (ffmpeg runs). */
function childCpuSeconds(): number {
  const fields = fs.readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
  // After the command: state is field 3, so cutime (16) and cstime (17) sit at indexes 13 and 14.
  return (Number(fields[13]) + Number(fields[14])) / 100;
}

async function ffmpeg(args: string[]) {
  const { ffmpeg: bin } = resolveBinaries({ ffmpegPath: process.env.FFMPEG_PATH });
  await runMediaProcess(bin, ['-y', '-v', 'error', ...args], { timeoutMs: 15 * 60_000 });
}

/** Sends `file` as the body of one request, sampling the server's RSS meanwhile. */
function send(
  server: Server,
  options: http.RequestOptions,
  body: { head?: Buffer; file: string; tail?: Buffer },
): Promise<{ status: number; body: string; seconds: number; peakRss: number; sentAt: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    let peakRss = server.rssBytes();
    let sentAt = 0;
    const sampler = setInterval(() => {
      peakRss = Math.max(peakRss, server.rssBytes());
    }, 50);
    const request = http.request(`${server.url}${options.path}`, options, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        clearInterval(sampler);
        peakRss = Math.max(peakRss, server.rssBytes());
        resolve({
          status: response.statusCode ?? 0,
          body: Buffer.concat(chunks).toString('utf8'),
          seconds: (performance.now() - started) / 1000,
          peakRss,
          sentAt,
        });
      });
    });
    request.on('error', (error) => {
      clearInterval(sampler);
      reject(error);
    });
    request.on('finish', () => {
      sentAt = performance.now();
    });
    if (body.head) request.write(body.head);
    const stream = fs.createReadStream(body.file, { highWaterMark: 1024 * 1024 });
    stream.on('error', reject);
    stream.on('end', () => request.end(body.tail));
    stream.pipe(request, { end: false });
  });
}

function multipartParts(fields: Record<string, string>, fileName: string) {
  const boundary = `----bench${randomBytes(8).toString('hex')}`;
  let head = '';
  for (const [name, value] of Object.entries(fields)) {
    head += `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  }
  head += `--${boundary}\r\nContent-Disposition: form-data; name="videos[]"; filename="${fileName}"\r\nContent-Type: video/mp4\r\n\r\n`;
  return {
    head: Buffer.from(head),
    tail: Buffer.from(`\r\n--${boundary}--\r\n`),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

const mib = (bytes: number) => `${(bytes / MiB).toFixed(1)} MiB`;
const rate = (bytes: number, seconds: number) => `${(bytes / MiB / seconds).toFixed(0)} MiB/s`;

async function largeUpload(server: Server, work: string) {
  const file = path.join(work, 'one-gib.bin');
  const block = randomBytes(8 * MiB);
  const out = fs.createWriteStream(file);
  for (let written = 0; written < UPLOAD_BYTES; written += block.length) {
    if (!out.write(block)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
  }
  await new Promise<void>((resolve) => out.end(() => resolve()));

  // Baseline: a plain stream copy of the same file on the same disk (the file is in the page cache for both).
  const copyStarted = performance.now();
  await pipeline(
    fs.createReadStream(file, { highWaterMark: 1024 * 1024 }),
    fs.createWriteStream(path.join(work, 'copy.bin')),
  );
  const copySeconds = (performance.now() - copyStarted) / 1000;
  await fsp.rm(path.join(work, 'copy.bin'));

  const auth = { authorization: `Bearer ${server.token}` };
  // Resumable path: create, then one PATCH with the whole gibibyte.
  const created = await fetch(`${server.url}${API_ROOT}${VIDEO_TUS_PATH}`, {
    method: 'POST',
    headers: { ...auth, 'Tus-Resumable': '1.0.0', 'Upload-Length': String(UPLOAD_BYTES) },
  });
  if (created.status !== 201) throw new Error(`tus create: ${created.status}`);
  const location = created.headers.get('location')!;
  const tusBaseline = server.rssBytes();
  const tus = await send(
    server,
    {
      method: 'PATCH',
      path: location,
      headers: {
        ...auth,
        'Tus-Resumable': '1.0.0',
        'Upload-Offset': '0',
        'Content-Type': 'application/offset+octet-stream',
        'Content-Length': String(UPLOAD_BYTES),
      },
    },
    { file },
  );
  if (tus.status !== 204) throw new Error(`tus patch: ${tus.status} ${tus.body}`);
  await fetch(`${server.url}${location}`, {
    method: 'DELETE',
    headers: { ...auth, 'Tus-Resumable': '1.0.0' },
  });

  // Multipart path: streamed to a temporary file, then checked by ffprobe (random bytes: refused, 422).
  const parts = multipartParts({ type: 'draft', title: 'Bench' }, 'one-gib.mp4');
  const multipartBaseline = server.rssBytes();
  const multipart = await send(
    server,
    {
      method: 'POST',
      path: routeUrl(videoRoutes.store),
      headers: {
        ...auth,
        'Content-Type': parts.contentType,
        'Content-Length': String(parts.head.length + UPLOAD_BYTES + parts.tail.length),
      },
    },
    { file, head: parts.head, tail: parts.tail },
  );
  if (multipart.status !== 422) throw new Error(`multipart store: ${multipart.status} ${multipart.body}`);
  await fsp.rm(file);

  return {
    [`upload ${UPLOAD}: plain stream copy on the same disk`]: `${copySeconds.toFixed(2)} s (${rate(UPLOAD_BYTES, copySeconds)})`,
    [`upload ${UPLOAD} tus PATCH: time`]: `${tus.seconds.toFixed(2)} s (${rate(UPLOAD_BYTES, tus.seconds)})`,
    [`upload ${UPLOAD} tus PATCH: throughput / stream copy (aim > 0.5)`]: (copySeconds / tus.seconds).toFixed(
      2,
    ),
    [`upload ${UPLOAD} tus PATCH: server RSS growth (aim < 64 MiB)`]: mib(tus.peakRss - tusBaseline),
    [`upload ${UPLOAD} multipart store (to disk + probe refusal): time`]: `${multipart.seconds.toFixed(2)} s (${rate(UPLOAD_BYTES, multipart.seconds)})`,
    [`upload ${UPLOAD} multipart store: throughput / stream copy (aim > 0.5)`]: (
      copySeconds / multipart.seconds
    ).toFixed(2),
    [`upload ${UPLOAD} multipart store: server RSS growth (aim < 64 MiB)`]: mib(
      multipart.peakRss - multipartBaseline,
    ),
  };
}

async function conversionSpeed(work: string) {
  // A browser-like source: VP8/Opus WebM, 720p30, with some temporal noise so the encoder has real work.
  const source = path.join(work, 'sixty-720p.webm');
  await ffmpeg([
    '-f',
    'lavfi',
    '-i',
    `testsrc2=size=1280x720:rate=30:duration=${CONVERT_SECONDS},noise=alls=10:allf=t`,
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=300:duration=${CONVERT_SECONDS}`,
    '-c:v',
    'libvpx',
    '-deadline',
    'realtime',
    '-cpu-used',
    '8',
    '-b:v',
    '2M',
    '-c:a',
    'libopus',
    '-f',
    'webm',
    source,
  ]);
  const figures: Record<string, string> = {
    [`convert ${CONVERT_SECONDS} s 720p (x264)`]: `preset ${DEFAULT_ENCODE.preset}, crf ${DEFAULT_ENCODE.crf}`,
  };
  const pairs = [systemBinaries(), bundledBinaries()]
    .filter((pair): pair is MediaBinaries => !!pair)
    // `--quick`: one pair proves the conversion runs.
    .slice(0, sized(2, 1));
  for (const pair of pairs) {
    const { ffmpeg: tool } = await describeBinaries(pair);
    const label = `convert ${CONVERT_SECONDS} s 720p, ${pair.source} ffmpeg ${tool.version}`;
    Object.assign(figures, await convertOnce(work, source, pair, label));
  }
  return figures;
}

/** One conversion of `source` with this pair: wall time, × real time, and CPU time. */
async function convertOnce(work: string, source: string, pair: MediaBinaries, label: string) {
  const media = createMediaTools({ ffmpegPath: pair.ffmpeg, ffprobePath: pair.ffprobe });
  const probed = await media.probe(source);
  const output = path.join(work, `sixty-720p-${pair.source}.mp4`);
  const cpuBefore = childCpuSeconds();
  const load = os.loadavg()[0]!;
  const started = performance.now();
  const { copied } = await media.render([{ path: source, probed }], output);
  const seconds = (performance.now() - started) / 1000;
  const cpu = childCpuSeconds() - cpuBefore;
  if (copied) throw new Error('expected a re-encode');
  await fsp.rm(output);
  const cores = os.cpus().length;
  return {
    [`${label}: wall time`]: `${seconds.toFixed(1)} s (load average ${load.toFixed(1)} on ${cores} cores)`,
    [`${label}: × real time (aim 2×)`]: `${(probed.durationSeconds / seconds).toFixed(2)}×`,
    [`${label}: CPU time, and × real time on idle cores`]: `${cpu.toFixed(1)} s CPU → ${(probed.durationSeconds / (cpu / cores)).toFixed(2)}× if ${cores} cores were free`,
  };
}

async function fastPath(server: Server, work: string) {
  const clip = path.join(work, 'thirty-720p.mp4');
  await ffmpeg([
    '-f',
    'lavfi',
    '-i',
    `testsrc2=size=1280x720:rate=30:duration=${CLIP_SECONDS}`,
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=300:duration=${CLIP_SECONDS}`,
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-f',
    'mp4',
    clip,
  ]);
  const size = (await fsp.stat(clip)).size;
  const auth = { authorization: `Bearer ${server.token}` };
  const toReady: number[] = [];
  const toResponse: number[] = [];
  for (let run = 0; run < 5; run += 1) {
    const parts = multipartParts({ type: 'draft', title: `Fast ${run}` }, 'thirty.mp4');
    const response = await send(
      server,
      {
        method: 'POST',
        path: routeUrl(videoRoutes.store),
        headers: {
          ...auth,
          'Content-Type': parts.contentType,
          'Content-Length': String(parts.head.length + size + parts.tail.length),
        },
      },
      { file: clip, head: parts.head, tail: parts.tail },
    );
    if (response.status !== 201) throw new Error(`store: ${response.status} ${response.body}`);
    toResponse.push(performance.now() - response.sentAt);
    const id = (JSON.parse(response.body) as { data: { id: number } }).data.id;
    for (;;) {
      const video = (await (
        await fetch(`${server.url}${routeUrl(videoRoutes.detail, { id })}`, { headers: auth })
      ).json()) as {
        data: { state: string };
      };
      if (video.data.state === 'ready') break;
      if (video.data.state === 'failed') throw new Error('processing failed');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    toReady.push(performance.now() - response.sentAt);
  }
  const sorted = [...toReady].sort((a, b) => a - b);
  return {
    [`${CLIP_SECONDS} s 720p H.264/AAC clip`]: `${mib(size)}, copied without re-encoding`,
    [`${CLIP_SECONDS} s clip: upload finished → response (ms, 5 runs)`]: toResponse
      .map((ms) => ms.toFixed(0))
      .join(', '),
    [`${CLIP_SECONDS} s clip: upload finished → ready (ms, 5 runs)`]: toReady
      .map((ms) => ms.toFixed(0))
      .join(', '),
    [`${CLIP_SECONDS} s clip: upload finished → ready, median / worst (aim < 2000 ms)`]: `${sorted[2]!.toFixed(0)} / ${sorted[4]!.toFixed(0)} ms`,
  };
}

/** A draft as the pipeline stores it: 720p30 H.264 High 4:2:0, 48 kHz stereo AAC, index first. */
async function pipelineDraft(work: string, name: string, seconds: number): Promise<string> {
  const file = path.join(work, name);
  await ffmpeg([
    '-f',
    'lavfi',
    '-i',
    `testsrc2=size=1280x720:rate=30:duration=${seconds}`,
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=300:sample_rate=48000:duration=${seconds}`,
    '-c:v',
    'libx264',
    // The fixture only needs the pipeline's stream format, not its compression effort.
    '-preset',
    'ultrafast',
    '-profile:v',
    'high',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-ac',
    '2',
    '-movflags',
    '+faststart',
    file,
  ]);
  return file;
}

/** Merging two drafts: the media step of the merge job (render of the two inputs), wall time. */
export async function mergeDrafts(work: string) {
  const media = createMediaTools({ ffmpegPath: process.env.FFMPEG_PATH });
  const clips = [];
  for (const name of ['merge-a.mp4', 'merge-b.mp4']) {
    const file = await pipelineDraft(work, name, MERGE_SECONDS);
    clips.push({ path: file, probed: await media.probe(file) });
  }
  const output = path.join(work, 'merged.mp4');
  const load = os.loadavg()[0]!;
  const started = performance.now();
  const { copied } = await media.render(clips, output);
  const seconds = (performance.now() - started) / 1000;
  const merged = await media.probe(output);
  if (!copied) throw new Error('expected the drafts to be joined by stream copy');
  const label = `merge 2 × ${MERGE_SECONDS} s 720p drafts`;
  return {
    [`${label}: join (stream copy) wall time`]: `${seconds.toFixed(2)} s (load average ${load.toFixed(1)} on ${os.cpus().length} cores)`,
    [`${label}: output length`]: `${merged.durationSeconds.toFixed(2)} s`,
  };
}

export async function run(): Promise<Record<string, string | number>> {
  const work = await fsp.mkdtemp(path.join(os.tmpdir(), 'pw-bench-videos-'));
  try {
    const figures: Record<string, string | number> = {};
    Object.assign(figures, await mergeDrafts(work));
    Object.assign(figures, await conversionSpeed(work));
    const server = await startServer(path.join(work, 'data'));
    try {
      Object.assign(figures, await fastPath(server, work));
      Object.assign(figures, await largeUpload(server, work));
    } finally {
      await server.stop();
    }
    return figures;
  } finally {
    await fsp.rm(work, { recursive: true, force: true });
  }
}
