import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundledBinaries, describeBinaries, findOnPath, resolveBinaries, systemBinaries } from './binaries';

describe('which ffmpeg/ffprobe pair runs', () => {
  let root: string;
  let both: string;
  let onlyFfmpeg: string;
  let empty: string;

  /** A folder standing for a PATH entry, holding executables of these names. */
  const binFolder = async (name: string, tools: string[]) => {
    const dir = path.join(root, name);
    await fs.mkdir(dir);
    for (const tool of tools) await fs.writeFile(path.join(dir, tool), '#!/bin/sh\n', { mode: 0o755 });
    return dir;
  };

  beforeAll(async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'pw-binaries-'));
    both = await binFolder('both', ['ffmpeg', 'ffprobe']);
    onlyFfmpeg = await binFolder('only-ffmpeg', ['ffmpeg']);
    empty = await binFolder('empty', []);
    // Not executable: not a tool.
    await fs.writeFile(path.join(empty, 'ffprobe'), 'data', { mode: 0o644 });
  });
  afterAll(() => fs.rm(root, { recursive: true, force: true }));

  it('finds the first executable of a name on the PATH, skipping relative entries', () => {
    expect(findOnPath('ffmpeg', [empty, 'relative', onlyFfmpeg, both].join(path.delimiter))).toBe(
      path.join(onlyFfmpeg, 'ffmpeg'),
    );
    expect(findOnPath('ffprobe', empty)).toBeNull();
    expect(findOnPath('ffmpeg', '')).toBeNull();
  });

  it('prefers the system pair on the PATH, and only a whole pair', () => {
    expect(resolveBinaries({}, both)).toEqual({
      ffmpeg: path.join(both, 'ffmpeg'),
      ffprobe: path.join(both, 'ffprobe'),
      source: 'system',
    });
    // Half a pair on the PATH would mix two builds: the bundled pair runs instead.
    expect(systemBinaries(onlyFfmpeg)).toBeNull();
    expect(resolveBinaries({}, onlyFfmpeg).source).toBe('bundled');
    expect(resolveBinaries({}, empty)).toEqual({
      ffmpeg: bundledBinaries().ffmpeg,
      ffprobe: bundledBinaries().ffprobe,
      source: 'bundled',
    });
  });

  it('lets FFMPEG_PATH and FFPROBE_PATH win, each for its own tool', () => {
    expect(resolveBinaries({ ffmpegPath: '/opt/ff/ffmpeg', ffprobePath: '/opt/ff/ffprobe' }, both)).toEqual({
      ffmpeg: '/opt/ff/ffmpeg',
      ffprobe: '/opt/ff/ffprobe',
      source: 'configured',
    });
    expect(resolveBinaries({ ffmpegPath: '/opt/ff/ffmpeg' }, both)).toEqual({
      ffmpeg: '/opt/ff/ffmpeg',
      ffprobe: path.join(both, 'ffprobe'),
      source: 'configured',
    });
  });
});

describe('what the start log says about the pair (real binaries)', () => {
  const bundled = bundledBinaries();
  const system = systemBinaries();

  it('warns about the bundled pair, naming both builds and what to install', async () => {
    const report = await describeBinaries(bundled);
    expect(report.ffmpeg.version).toMatch(/^N-47683-g0e8eb07980/);
    expect(report.ffprobe.version).toMatch(/^N-66595-gc2b38619c0/);
    expect(report.summary).toContain('video tools (bundled)');
    expect(report.warnings).toHaveLength(1);
    expect(report.warnings[0]).toContain(`ffmpeg ${bundled.versions.ffmpeg}`);
    expect(report.warnings[0]).toContain(`ffprobe ${bundled.versions.ffprobe}`);
    expect(report.warnings[0]).toContain('apt-get install ffmpeg');
  });

  it('warns when the configured tools are two builds, or do not run', async () => {
    const mixed = await describeBinaries({
      ffmpeg: bundled.ffmpeg,
      ffprobe: system?.ffprobe ?? bundled.ffprobe,
      source: 'configured',
    });
    expect(mixed.warnings).toEqual([expect.stringContaining('are different builds')]);
    const missing = await describeBinaries({
      ffmpeg: '/nowhere/ffmpeg',
      ffprobe: bundled.ffprobe,
      source: 'configured',
    });
    expect(missing.ffmpeg.version).toBeNull();
    expect(missing.warnings).toEqual([expect.stringContaining('/nowhere/ffmpeg does not run')]);
  });

  it('runs the system pair by default when it is on the PATH, and says so without a warning', async () => {
    const report = await describeBinaries(resolveBinaries({}));
    // CI installs Debian's ffmpeg (.ci/run); a machine without it runs the bundled pair (warned above).
    expect(report.source).toBe(system ? 'system' : 'bundled');
    if (!system) return;
    expect(report.ffmpeg.version).toBe(report.ffprobe.version);
    expect(report.summary).toBe(
      `video tools (system): ffmpeg ${report.ffmpeg.version} at ${system.ffmpeg}, ` +
        `ffprobe ${report.ffprobe.version} at ${system.ffprobe}`,
    );
    expect(report.warnings).toEqual([]);
  });
});
