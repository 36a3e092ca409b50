/**
 * The foundation figures: cold `npm start` to the first answer of /api/health, and the gzipped size of the
 * JavaScript the /home page loads (measured in Chromium from what the page actually fetched).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import type { BenchOptions } from './options';
import { API_HEALTH_PATH } from '@pw/contracts';

const root = path.resolve(import.meta.dirname, '../..');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

async function waitForHealth(url: string, deadline: number): Promise<void> {
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no answer from ${url}`);
}

async function coldStart(port: number) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-bench-start-'));
  const started = performance.now();
  const child = spawn('npm', ['start'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: 'ignore',
    detached: true,
  });
  try {
    await waitForHealth(`http://localhost:${port}${API_HEALTH_PATH}`, Date.now() + 120_000);
    return { seconds: (performance.now() - started) / 1000, dataDir, child };
  } catch (error) {
    process.kill(-child.pid!, 'SIGTERM');
    throw error;
  }
}

async function homeJavaScript(baseUrl: string) {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
  try {
    const page = await browser.newPage();
    const scripts: Array<Promise<Buffer>> = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(response.body());
    });
    await page.goto(`${baseUrl}/home`, { waitUntil: 'networkidle' });
    const bodies = await Promise.all(scripts);
    const raw = bodies.reduce((sum, body) => sum + body.length, 0);
    const gzipped = bodies.reduce((sum, body) => sum + gzipSync(body, { level: 9 }).length, 0);
    return { files: bodies.length, raw, gzipped };
  } finally {
    await browser.close();
  }
}

export async function run({ quick }: BenchOptions) {
  // Build first so the cold start measures the server, as it is after `npm install` + one start.
  const port = 3900 + Math.floor(Math.random() * 50);
  // `--quick` (after `npm run build`): one start, measured as the second one would be.
  const first = quick ? null : await coldStart(port);
  const firstSeconds = first?.seconds;
  if (first) {
    process.kill(-first.child.pid!, 'SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 1500));
  }
  const second = await coldStart(port);
  const js = await homeJavaScript(`http://localhost:${port}`);
  process.kill(-second.child.pid!, 'SIGTERM');
  if (first) fs.rmSync(first.dataDir, { recursive: true, force: true });
  fs.rmSync(second.dataDir, { recursive: true, force: true });
  return {
    'cold npm start → /api/health, fresh DATA_DIR, web build up to date (s)': second.seconds.toFixed(2),
    'first npm start (may include the web build) (s)': firstSeconds?.toFixed(2) ?? 'not run (--quick)',
    'JavaScript /home loads: files': js.files,
    'JavaScript /home loads: raw (KB)': (js.raw / 1024).toFixed(1),
    'JavaScript /home loads: gzipped (KB)': (js.gzipped / 1024).toFixed(1),
  };
}
