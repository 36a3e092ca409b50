/**
 * What the cluster must show, each through the balancer only: a big resumable upload surviving the loss
 * of an API process, sessions/signed URLs/lockouts across API processes, conversions shared by the
 * workers and taken over when one dies, deliveries and timed duties done once while a worker is down.
 */
import { createHash, randomBytes } from 'node:crypto';
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import * as tus from 'tus-js-client';
import { accountRoutes, API_HEALTH_PATH, routePath, VIDEO_TUS_PATH, videoRoutes } from '@pw/contracts';
import { resolveBinaries } from '../../apps/server/src/platform/media/media';
import type { Cluster } from './cluster';
import { waitFor } from './processes';
import { createEncryptedStorage } from '../../apps/server/src/platform/storage/encrypted-storage';
import { createMediaKeyring } from '../../apps/server/src/platform/storage/media-keyring';
import { createS3Storage } from '../../apps/server/src/platform/storage/s3-storage';
import { deliveriesOnTwoWorkers, deliveriesWithAWorkerDown } from './deliveries';
import { dutiesWithAWorkerDown } from './duties';

const execFileAsync = promisify(execFile);
const api = (cluster: Cluster, pathname: string) => `${cluster.lb}/api${pathname}`;
const served = (response: Response) => response.headers.get('x-cluster-server') ?? '?';
const sha256File = async (file: string) => {
  const hash = createHash('sha256');
  const handle = await fs.open(file);
  for await (const chunk of handle.createReadStream()) hash.update(chunk as Buffer);
  return hash.digest('hex');
};

interface Account {
  email: string;
  password: string;
  /** The bearer token, and the probe that makes the balancer name who answered. */
  headers: Record<string, string>;
}

async function signUp(cluster: Cluster): Promise<Account> {
  const email = `cluster-${randomBytes(4).toString('hex')}@cluster.test`;
  const password = 'Cluster-pass-123';
  const response = await fetch(api(cluster, accountRoutes.userSignup.path), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      first_name: 'Clu',
      last_name: 'Ster',
      email,
      phone: '+1 555 0100',
      address: '1 Loopback Road',
      password,
      password_confirmation: password,
      date_of_birth: '1970-01-01',
    }),
  });
  if (response.status !== 201) throw new Error(`sign-up: ${response.status} ${await response.text()}`);
  const { data } = (await response.json()) as { data: { token: string } };
  return { email, password, headers: { authorization: `Bearer ${data.token}`, ...cluster.probe } };
}

async function ffmpeg(args: string[]) {
  const { ffmpeg: binary } = resolveBinaries({ ffmpegPath: process.env.FFMPEG_PATH });
  await execFileAsync(binary, ['-y', '-v', 'error', ...args], { maxBuffer: 1 << 20 });
}

/**
 * A real video of about `mib` MiB: uncompressed 1080p frames (a few seconds), so the bytes are many while
 * the conversion, which scales them down, stays cheap.
 */
async function bigVideo(dir: string, mib: number) {
  const file = path.join(dir, 'big.mov');
  const frameBytes = 1920 * 1080 * 3;
  const rate = 12;
  const seconds = Math.max(0.5, (mib * 1024 * 1024) / frameBytes / rate);
  await ffmpeg([
    '-f',
    'lavfi',
    '-i',
    `testsrc2=size=1920x1080:rate=${rate}`,
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=440',
    '-t',
    seconds.toFixed(2),
    '-c:v',
    'rawvideo',
    '-pix_fmt',
    'rgb24',
    '-c:a',
    'pcm_s16le',
    '-f',
    'mov',
    file,
  ]);
  return file;
}

async function smallVideo(dir: string) {
  const file = path.join(dir, 'small.mp4');
  await ffmpeg([
    '-f',
    'lavfi',
    '-i',
    'testsrc2=size=640x360:rate=25',
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=330',
    '-t',
    '4',
    '-c:v',
    'libx264',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-f',
    'mp4',
    file,
  ]);
  return file;
}

interface UploadOptions {
  chunkSize: number;
  /** Called with the share uploaded so far, and who answered each request. */
  onProgress?: (share: number) => void;
}

async function tusUpload(cluster: Cluster, account: Account, file: string, options: UploadOptions) {
  const servers: string[] = [];
  const handle = await fs.open(file);
  const size = (await handle.stat()).size;
  // A reader over the file (tus-js-client's Node file source), so 200 MiB never sits in memory.
  const stream = handle.createReadStream();
  try {
    const url = await new Promise<string>((resolve, reject) => {
      const upload = new tus.Upload(stream, {
        endpoint: api(cluster, VIDEO_TUS_PATH),
        uploadSize: size,
        chunkSize: options.chunkSize,
        retryDelays: [0, 300, 1000, 2000, 4000, 8000],
        headers: account.headers,
        metadata: { filename: path.basename(file), filetype: 'video/quicktime' },
        onAfterResponse(_request, response) {
          servers.push(response.getHeader('X-Cluster-Server') ?? '?');
        },
        onProgress: (sent, total) => options.onProgress?.(sent / total),
        onSuccess: () => resolve(upload.url!),
        onError: reject,
      });
      upload.start();
    });
    return { id: url.split('/').pop()!, servers, size };
  } finally {
    stream.destroy();
    await handle.close();
  }
}

async function store(cluster: Cluster, account: Account, uploadId: string, title: string) {
  const response = await fetch(api(cluster, videoRoutes.store.path), {
    method: 'POST',
    headers: { ...account.headers, 'content-type': 'application/json' },
    body: JSON.stringify({ type: 'draft', title, upload_ids: [uploadId] }),
  });
  if (response.status !== 201) throw new Error(`store: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { data: { id: number } }).data.id;
}

interface VideoJson {
  id: number;
  state: string;
  failure_reason: string | null;
  video_link: string | null;
}

async function video(cluster: Cluster, account: Account, id: number) {
  const response = await fetch(api(cluster, routePath(videoRoutes.detail, { id })), {
    headers: account.headers,
  });
  if (!response.ok) throw new Error(`video ${id}: ${response.status}`);
  return { server: served(response), video: ((await response.json()) as { data: VideoJson }).data };
}

async function waitReady(cluster: Cluster, account: Account, id: number, timeoutMs: number) {
  return waitFor(
    async () => {
      const { video: row } = await video(cluster, account, id);
      if (row.state === 'failed') throw new Error(`video ${id} failed: ${row.failure_reason}`);
      return row.state === 'ready' ? row : null;
    },
    timeoutMs,
    `video ${id} ready`,
    500,
  );
}

/** The peak resident set of a process (VmHWM), in MiB. */
function peakRssMiB(pid: number) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return (kib / 1024).toFixed(0);
}

function assert(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(message);
}

/** The conversion lock's holder, as the worker's pid (its lock connection is named after it). */
async function converterPids(cluster: Cluster) {
  const rows = await cluster.query<{ name: string; video: number }>(
    `select a.application_name as name, l.objid::int as video from pg_locks l join pg_stat_activity a on a.pid = l.pid
     where l.locktype = 'advisory' and l.classid = $1::oid and l.granted`,
    [0x50575631],
  );
  return rows.map((row) => ({ pid: Number(row.name.split('-').pop()), video: row.video }));
}

export async function runChecks(cluster: Cluster) {
  let passed = 0;
  let failed = 0;
  const figures: string[] = [];
  const check = async (name: string, body: () => Promise<void>) => {
    const started = Date.now();
    try {
      await body();
      passed += 1;
      console.log(`  ok   ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
    } catch (error) {
      failed += 1;
      console.log(`  FAIL ${name}: ${error instanceof Error ? error.message : String(error)}`);
    }
  };
  const dir = path.join(cluster.root, 'files');
  await fs.mkdir(dir);
  const owner = await signUp(cluster);
  let bigVideoId: number | null = null;

  await check(
    `a ${cluster.uploadMiB} MiB resumable upload survives an API process SIGKILLed mid-upload`,
    async () => {
      const file = await bigVideo(dir, cluster.uploadMiB);
      const expected = await sha256File(file);
      let killed: string | null = null;
      const started = Date.now();
      const upload = await tusUpload(cluster, owner, file, {
        chunkSize: 8 * 1024 * 1024,
        onProgress(share) {
          if (share < 0.4 || killed) return;
          killed = 'api1';
          void cluster.apis[0]!.proc.kill('SIGKILL');
        },
      });
      const seconds = (Date.now() - started) / 1000;
      figures.push(
        `upload through the balancer: ${(upload.size / 1024 / 1024).toFixed(0)} MiB in ${seconds.toFixed(1)} s = ${(upload.size / 1024 / 1024 / seconds).toFixed(1)} MiB/s (one API process killed on the way)`,
      );
      // Against the same bytes copied straight into the bucket (no API, no encryption, no balancer),
      // and what the upload cost the surviving API process in memory (its peak resident set).
      const env = cluster.apis[0]!.env;
      const bucket = createS3Storage({
        bucket: env.S3_BUCKET!,
        endpoint: env.S3_ENDPOINT,
        accessKeyId: env.S3_ACCESS_KEY_ID!,
        secretAccessKey: env.S3_SECRET_ACCESS_KEY!,
      });
      const copyStarted = Date.now();
      await bucket.putFile(`cluster-plain-copy/${upload.id}`, file);
      const copySeconds = (Date.now() - copyStarted) / 1000;
      await bucket.delete(`cluster-plain-copy/${upload.id}`);
      const uploadRate = upload.size / 1024 / 1024 / seconds;
      const copyRate = upload.size / 1024 / 1024 / copySeconds;
      figures.push(
        `plain copy of the same file into the bucket: ${copyRate.toFixed(1)} MiB/s; upload / plain copy = ${(uploadRate / copyRate).toFixed(2)}; ` +
          `peak RSS of the surviving API process ${peakRssMiB(cluster.apis[1]!.proc.child.pid!)} MiB`,
      );
      assert(killed, 'the upload finished before an API process could be killed');
      assert(new Set(upload.servers).size === 2, `requests did not alternate: ${upload.servers.join(',')}`);
      // The parts in the bucket, in order, are the file byte for byte.
      const parts = await cluster.query<{ key: string }>(
        'select key from video_upload_parts where upload_id = $1 order by "offset"',
        [upload.id],
      );
      // Read through the media storage: parts are encrypted at rest like every stored object.
      const storage = createEncryptedStorage(
        bucket,
        createMediaKeyring(Buffer.from(env.MEDIA_KEY!, 'base64')),
      );
      const hash = createHash('sha256');
      for (const part of parts)
        for await (const chunk of await storage.read(part.key)) hash.update(chunk as Buffer);
      assert(hash.digest('hex') === expected, 'the stored parts differ from the uploaded file');
      // Back in the pool for what follows.
      await cluster.restartApi(0);
      bigVideoId = await store(cluster, owner, upload.id, 'Big upload');
      const ready = await waitReady(cluster, owner, bigVideoId, 6 * 60_000);
      const media = path.join(dir, 'ready.mp4');
      const response = await fetch(new URL(ready.video_link!, cluster.lb));
      assert(response.ok, `media: ${response.status}`);
      await fs.writeFile(media, Buffer.from(await response.arrayBuffer()));
      const { ffprobe } = resolveBinaries({ ffprobePath: process.env.FFPROBE_PATH });
      const { stdout } = await execFileAsync(ffprobe, [
        '-v',
        'error',
        '-show_entries',
        'stream=codec_type',
        '-of',
        'csv=p=0',
        media,
      ]);
      assert(stdout.includes('video'), `the stored video does not play: ${stdout}`);
    },
  );

  await check('a session works on every API process', async () => {
    const seen = new Set<string>();
    for (let i = 0; i < 6; i += 1) {
      const response = await fetch(api(cluster, videoRoutes.listDraft.path), { headers: owner.headers });
      assert(response.ok, `list: ${response.status} from ${served(response)}`);
      seen.add(served(response));
    }
    assert(seen.size === 2, `only ${[...seen].join()} answered`);
  });

  await check(
    'a signed media URL issued by one API process is served by the other after it restarts',
    async () => {
      assert(bigVideoId, 'no ready video (the upload check failed)');
      const issued = await video(cluster, owner, bigVideoId);
      const other = cluster.apis.findIndex((each) => each.label !== issued.server);
      await cluster.restartApi(other);
      const label = cluster.apis[other]!.label;
      await waitFor(
        async () => {
          const response = await fetch(new URL(issued.video.video_link!, cluster.lb), {
            headers: { range: 'bytes=0-1023', ...cluster.probe },
          });
          await response.arrayBuffer();
          if (!response.ok) throw new Error(`media from ${served(response)}: ${response.status}`);
          return served(response) === label;
        },
        20_000,
        `${label} serves the link ${issued.server} issued`,
      );
    },
  );

  await check('a login lockout counted through one API process holds on the other', async () => {
    const account = await signUp(cluster);
    const login = (password: string, from: Record<string, string> = {}) =>
      fetch(api(cluster, accountRoutes.webLogin.path), {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...cluster.probe, ...from },
        body: JSON.stringify({ email: account.email, password, remember: false }),
      });
    // Ten failures from this address (the limit), spread over both processes by the balancer.
    for (let i = 0; i < 10; i += 1) {
      const response = await login('Wrong-pass-000');
      assert(response.status !== 429, `refused too early (attempt ${i + 1})`);
    }
    const refusedBy = new Set<string>();
    for (let i = 0; i < 4; i += 1) {
      const response = await login(account.password);
      assert(
        response.status === 429,
        `the right password after the lockout: ${response.status} from ${served(response)}`,
      );
      refusedBy.add(served(response));
    }
    assert(refusedBy.size === 2, `only ${[...refusedBy].join()} refused`);
    // Another client (its address forwarded by the balancer, as for every client) is not held back.
    const elsewhere = await login(account.password, { 'x-forwarded-for': '198.51.100.7' });
    assert(elsewhere.status === 200, `another client after the lockout: ${elsewhere.status}`);
    // An ordinary client is not told which process answered.
    const plain = await fetch(`${cluster.lb}${API_HEALTH_PATH}`);
    assert(!plain.headers.has('x-cluster-server'), 'the balancer names its servers to anybody');
  });

  await check(
    '20 conversions are shared by both workers; one SIGKILLed mid-conversion loses nothing',
    async () => {
      const clip = await smallVideo(dir);
      const uploads: string[] = [];
      for (let i = 0; i < 20; i += 1)
        uploads.push((await tusUpload(cluster, owner, clip, { chunkSize: 1 << 20 })).id);
      const ids = await Promise.all(uploads.map((id, i) => store(cluster, owner, id, `Burst ${i + 1}`)));
      const burst = new Set(ids);
      const readyBy = (index: number) =>
        cluster.workers[index]!.proc.logs.filter(
          (log) => log.msg === 'video ready' && burst.has(log.videoId as number),
        ).length;
      // Kill a worker in the middle of one of its conversions, once both have converted something.
      const victim = await waitFor(
        async () => {
          if (readyBy(0) === 0 || readyBy(1) === 0) return null;
          const holders = await converterPids(cluster);
          const worker = cluster.workers.findIndex((each) =>
            holders.some((h) => h.pid === each.proc.child.pid),
          );
          if (worker < 0) return null;
          return {
            worker,
            video: holders.find((h) => h.pid === cluster.workers[worker]!.proc.child.pid)!.video,
          };
        },
        180_000,
        'both workers convert',
        100,
      );
      const killedAt = Date.now();
      const killedLogs = cluster.workers[victim.worker]!.proc;
      await killedLogs.kill('SIGKILL');
      const survivor = cluster.workers[1 - victim.worker]!.proc;
      await waitReady(cluster, owner, victim.video, 150_000);
      figures.push(
        `conversion takeover: video of the killed worker ready ${((Date.now() - killedAt) / 1000).toFixed(1)} s after the kill`,
      );
      for (const id of ids) await waitReady(cluster, owner, id, 150_000);
      const counts = [killedLogs, survivor].map(
        (proc) =>
          proc.logs.filter((log) => log.msg === 'video ready' && burst.has(log.videoId as number)).length,
      );
      figures.push(`conversions: ${counts[0]} by the killed worker, ${counts[1]} by the survivor`);
      assert(counts[0]! > 0 && counts[1]! > 0, `not shared: ${counts.join(' / ')}`);
      assert(
        survivor.logs.some((log) => log.msg === 'video ready' && log.videoId === victim.video),
        'the survivor did not finish the killed conversion',
      );
      await cluster.startWorker(victim.worker);
    },
  );

  await check(`${cluster.deliveries} deliveries due at once on two workers: one e-mail each`, () =>
    deliveriesOnTwoWorkers(cluster, cluster.deliveries, figures),
  );

  await check(
    `${cluster.deliveries} deliveries due at once, a worker SIGKILLed at the due instant and back 20 s later: one e-mail each`,
    () => deliveriesWithAWorkerDown(cluster, cluster.deliveries, figures),
  );

  await check(
    'a final message released and a plan ended while a worker is down: once each, by the other',
    () => dutiesWithAWorkerDown(cluster, figures),
  );

  for (const figure of figures) console.log(`  figure: ${figure}`);
  return { passed, failed };
}
