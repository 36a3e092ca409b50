import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { API_HEALTH_PATH } from '@pw/contracts';

/**
 * Playwright drives the machine's Chromium: Debian's headless shell (package `chromium-headless-shell`,
 * the same Chromium build without the desktop browser's window and UI renderers, as Playwright's own
 * headless runs use) when it is installed, else Debian's `chromium` (decision 0400). Playwright cannot
 * download its own browser here. The real server runs on a throw-away DATA_DIR with the embedded
 * database and outbox.
 */
const INSTALLED = ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'];
/** The desktop browser, for a test file that needs what the shell lacks (routes that follow a redirect). */
export const DESKTOP_CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM =
  process.env.CHROMIUM_PATH ?? INSTALLED.find((file) => fs.existsSync(file)) ?? INSTALLED[1]!;
if (!fs.existsSync(CHROMIUM)) {
  throw new Error(
    `Chromium not found at ${CHROMIUM}. Install it with: sudo apt-get install -y chromium-headless-shell (or chromium, or set CHROMIUM_PATH).`,
  );
}

export const LAUNCH_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--use-fake-device-for-media-stream',
  '--use-fake-ui-for-media-stream',
];

/**
 * Two workers by default (E2E_WORKERS) for the specs that work, and one more for the specs that mostly
 * wait on a period (a release's "days", a delivery's next whole minute): about 300 of a run's 1,100
 * browser-seconds are such waits, during which a worker of the two would hold up the specs queued
 * behind it while leaving its core idle. Each worker has a server of its own: its own port and DATA_DIR
 * (database, outbox, media), so a test file reads only its own server's mail and state.
 */
const WORKERS = Number(process.env.E2E_WORKERS ?? 2);
const WAITING_SPECS = [
  /legacy-release\.spec\.ts$/,
  /legacy-reseal\.spec\.ts$/,
  /delivery-receipt\.spec\.ts$/,
  /delivery-watch\.spec\.ts$/,
];
const ALL_WORKERS = WORKERS + 1;
const FIRST_PORT = Number(process.env.E2E_PORT ?? 3100);
const DATA_ROOT = process.env.E2E_DATA_ROOT ?? fs.mkdtempSync(path.join(os.tmpdir(), 'pw-e2e-'));
process.env.E2E_DATA_ROOT = DATA_ROOT;
/** The worker this process is (Playwright sets it in each worker; the runner itself is slot 0). */
const SLOT = Number(process.env.TEST_PARALLEL_INDEX ?? 0);
const slotPort = (slot: number) => FIRST_PORT + slot;
const slotDataDir = (slot: number) => path.join(DATA_ROOT, `w${slot}`);
/** This worker's server's DATA_DIR (its outbox is where the specs read mail). */
export const E2E_DATA_DIR = slotDataDir(SLOT);
process.env.E2E_DATA_DIR = E2E_DATA_DIR;
export const ADMIN = { email: 'admin@e2e.test', password: 'Admin-pass-123' };

const server = (slot: number) => ({
  command: 'node ../node_modules/.bin/tsx ../apps/server/src/main.ts',
  url: `http://localhost:${slotPort(slot)}${API_HEALTH_PATH}`,
  reuseExistingServer: false,
  timeout: 120_000,
  env: {
    PORT: String(slotPort(slot)),
    DATA_DIR: slotDataDir(slot),
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    LOG_LEVEL: 'warn',
    PUBLIC_URL: `http://localhost:${slotPort(slot)}`,
    // Specs that need many calls from "different visitors" (25 contact-us messages against a limit of
    // 10 per address) say so in X-Forwarded-For; calls without it are still 127.0.0.1.
    TRUST_PROXY: 'loopback',
    // docs/product.md §6's flow runs a waiting period out in the browser: one "day" of the legacy release is
    // ten seconds here (the server names the unit in its start log; production refuses it). A test that
    // must act before a release chooses a period of several such days.
    LEGACY_WAIT_UNIT: 'ten-seconds',
    // docs/product.md §5.9: the yearly address check looks every 2 seconds rather than hourly, so a test sees
    // an owner's check as soon as they schedule a delivery more than a year ahead.
    ADDRESS_CHECK_EVERY_SECONDS: '2',
  },
});

export default defineConfig({
  testDir: './tests',
  timeout: 60_000,
  // A first page load on the shared 2-core machine (the app's chunks parsed while the other worker's
  // server converts a video) was seen taking 11 s: an assertion waits up to 20 s; a passing one no longer.
  expect: { timeout: 20_000 },
  fullyParallel: false,
  workers: ALL_WORKERS,
  projects: [
    { name: 'chromium', testIgnore: WAITING_SPECS, workers: WORKERS },
    { name: 'waiting', testMatch: WAITING_SPECS, workers: 1 },
  ],
  retries: 0,
  // CI (TEST_REPORT_DIR) also keeps a JSON report, from which scripts/test-timings.ts prints the slowest specs.
  reporter: process.env.TEST_REPORT_DIR
    ? [['list'], ['json', { outputFile: path.join(process.env.TEST_REPORT_DIR, 'e2e.json') }]]
    : [['list']],
  use: {
    baseURL: `http://localhost:${slotPort(SLOT)}`,
    // A failed test keeps its trace (actions with their timings, network, console) without the screencast
    // or the DOM snapshots: both are taken at every action of every test, passing or not. Frames cost about
    // 40% of the run's CPU on the 2-core machine; snapshots about a tenth of what was left (22 tests: 159
    // core-seconds with them, 140 without).
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: false },
    // One picture of the page as the failure left it instead.
    screenshot: 'only-on-failure',
    // Pages scroll at once, as for a visitor who asked for less motion: Bootstrap scrolls smoothly
    // otherwise, so a focus or a click that brings a field into view leaves the page moving for about
    // half a second. Playwright checks where a click lands at the press only; a release during that
    // motion can land elsewhere, and the click is lost without an error. Each action also waits for the
    // page to stop moving. The reel's own test asks for motion, so its slides are still driven.
    contextOptions: { reducedMotion: 'reduce' },
    launchOptions: { executablePath: CHROMIUM, args: LAUNCH_ARGS },
  },
  webServer: Array.from({ length: ALL_WORKERS }, (_, slot) => server(slot)),
});
