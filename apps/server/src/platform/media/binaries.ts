import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { runMediaProcess } from './runner';

/**
 * Which ffmpeg/ffprobe pair runs. The two must come from one build: when they disagree about what a
 * file is, the file ffprobe accepted is not the file ffmpeg reads (docs/operations.md §Video tools).
 *   1. FFMPEG_PATH / FFPROBE_PATH, when set, win (each for its own tool);
 *   2. else the system's pair on the PATH (Debian's `ffmpeg` package: maintained, one build);
 *   3. else the npm-bundled binaries, with a warning at start: a 2018 ffmpeg and a 2023 ffprobe.
 */
export type BinariesSource = 'configured' | 'system' | 'bundled';

export interface MediaBinaries {
  ffmpeg: string;
  ffprobe: string;
  source: BinariesSource;
}

const require = createRequire(import.meta.url);

interface InstallerPackage {
  path: string;
  version: string;
}

/** The npm-bundled builds (loaded only when used: the packages exist for linux-x64 here). */
export function bundledBinaries(): MediaBinaries & { versions: { ffmpeg: string; ffprobe: string } } {
  const ffmpeg = require('@ffmpeg-installer/ffmpeg') as InstallerPackage;
  const ffprobe = require('@ffprobe-installer/ffprobe') as InstallerPackage;
  return {
    ffmpeg: ffmpeg.path,
    ffprobe: ffprobe.path,
    source: 'bundled',
    versions: { ffmpeg: ffmpeg.version, ffprobe: ffprobe.version },
  };
}

/**
 * `command -v name` without a shell: the first executable file of that name on the PATH. (Ten lines
 * here rather than the `which` package, whose current major would add a second copy to the lock file.)
 */
export function findOnPath(name: string, searchPath = process.env.PATH ?? ''): string | null {
  for (const dir of searchPath.split(path.delimiter)) {
    if (!path.isAbsolute(dir)) continue; // a relative PATH entry would depend on the cwd
    const candidate = path.join(dir, name);
    try {
      if (fs.statSync(candidate).isFile()) {
        fs.accessSync(candidate, fs.constants.X_OK);
        return candidate;
      }
    } catch {
      // not there, or not executable: keep looking
    }
  }
  return null;
}

/** The system's pair, only when both tools are on the PATH (half a pair would mix two builds). */
export function systemBinaries(searchPath?: string): MediaBinaries | null {
  const ffmpeg = findOnPath('ffmpeg', searchPath);
  const ffprobe = findOnPath('ffprobe', searchPath);
  return ffmpeg && ffprobe ? { ffmpeg, ffprobe, source: 'system' } : null;
}

export function resolveBinaries(
  options: { ffmpegPath?: string; ffprobePath?: string },
  searchPath?: string,
): MediaBinaries {
  const { ffmpegPath, ffprobePath } = options;
  if (ffmpegPath && ffprobePath) return { ffmpeg: ffmpegPath, ffprobe: ffprobePath, source: 'configured' };
  const fallback = systemBinaries(searchPath) ?? bundledBinaries();
  if (!ffmpegPath && !ffprobePath)
    return { ffmpeg: fallback.ffmpeg, ffprobe: fallback.ffprobe, source: fallback.source };
  // Only one configured: the other tool comes from the fallback; the start check warns if they differ.
  return {
    ffmpeg: ffmpegPath ?? fallback.ffmpeg,
    ffprobe: ffprobePath ?? fallback.ffprobe,
    source: 'configured',
  };
}

export interface ToolVersion {
  path: string;
  /** The build's version (`5.1.9-0+deb12u1`, `N-47683-g0e8eb07980-static`), or null when it did not run. */
  version: string | null;
}

export interface MediaToolsReport {
  source: BinariesSource;
  ffmpeg: ToolVersion;
  ffprobe: ToolVersion;
  /** One line for the start log: which pair runs. */
  summary: string;
  /** What an operator should fix (bundled pair, two different builds, a tool that does not run). */
  warnings: string[];
}

async function versionOf(binary: string): Promise<string | null> {
  try {
    const { stdout } = await runMediaProcess(binary, ['-hide_banner', '-version'], { timeoutMs: 10_000 });
    return /^ff\w+ version (\S+)/.exec(stdout)?.[1] ?? 'unknown';
  } catch {
    return null;
  }
}

/** Runs both tools once (`-version`) to say at start which pair runs and whether it is one build. */
export async function describeBinaries(binaries: MediaBinaries): Promise<MediaToolsReport> {
  const [ffmpegVersion, ffprobeVersion] = await Promise.all([
    versionOf(binaries.ffmpeg),
    versionOf(binaries.ffprobe),
  ]);
  const ffmpeg = { path: binaries.ffmpeg, version: ffmpegVersion };
  const ffprobe = { path: binaries.ffprobe, version: ffprobeVersion };
  const warnings: string[] = [];
  for (const tool of [ffmpeg, ffprobe]) {
    if (tool.version === null)
      warnings.push(`video tools: ${tool.path} does not run; videos cannot be processed`);
  }
  if (binaries.source === 'bundled') {
    const { versions } = bundledBinaries();
    warnings.push(
      `video tools: no ffmpeg/ffprobe on the PATH, running the npm-bundled builds: ffmpeg ${versions.ffmpeg} ` +
        `(@ffmpeg-installer, a 2018 build without years of security fixes) and ffprobe ${versions.ffprobe} ` +
        `(@ffprobe-installer, a different build). Install the system's maintained pair ` +
        `(Debian: apt-get install ffmpeg) or set FFMPEG_PATH and FFPROBE_PATH to one build.`,
    );
  } else if (ffmpeg.version && ffprobe.version && ffmpeg.version !== ffprobe.version) {
    warnings.push(
      `video tools: ffmpeg ${ffmpeg.version} and ffprobe ${ffprobe.version} are different builds; ` +
        `set FFMPEG_PATH and FFPROBE_PATH to one build.`,
    );
  }
  const summary =
    `video tools (${binaries.source}): ffmpeg ${ffmpeg.version ?? '?'} at ${ffmpeg.path}, ` +
    `ffprobe ${ffprobe.version ?? '?'} at ${ffprobe.path}`;
  return { source: binaries.source, ffmpeg, ffprobe, summary, warnings };
}
