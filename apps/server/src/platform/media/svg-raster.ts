import fsp from 'node:fs/promises';
import path from 'node:path';
import pLimit from 'p-limit';
import { runMediaProcess } from './runner';

/**
 * Uploaded SVG images are turned into PNG before they are stored (decision 0275): an SVG is a document
 * that can carry scripts, embedded HTML and links, and no filter of its text catches every spelling
 * (namespace prefixes, entities, CSS). A PNG carries none of them. ffmpeg draws it with librsvg, which
 * runs no script and, given the bytes without a file name, loads no other file.
 */

/** The longest side of the PNG drawn from an SVG: enough for a banner or a photo, a bounded canvas. */
export const SVG_RASTER_MAX_SIDE = 1024;
const RASTER_TIMEOUT_MS = 20_000;

export type RasterResult = 'converted' | 'unavailable' | 'unreadable';

export interface SvgRasterizer {
  /** Draws the SVG at `input` as a PNG at `output`. */
  toPng(input: string, output: string): Promise<RasterResult>;
}

/** A length of the root element in CSS pixels; null for relative units (%, em) or anything unreadable. */
function cssPixels(value: string | undefined): number | null {
  const match = /^\s*((?:\d+(?:\.\d+)?|\.\d+)(?:e[+-]?\d+)?)\s*(px|pt|pc|mm|cm|in)?\s*$/i.exec(value ?? '');
  if (!match) return null;
  const factor = { px: 1, pt: 4 / 3, pc: 16, mm: 96 / 25.4, cm: 96 / 2.54, in: 96 }[
    (match[2] ?? 'px').toLowerCase() as 'px'
  ];
  const pixels = Number(match[1]) * factor;
  return Number.isFinite(pixels) && pixels > 0 ? pixels : null;
}

function attribute(tag: string, name: string): string | undefined {
  return new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`, 'i')
    .exec(tag)
    ?.slice(1)
    .find((value) => value !== undefined);
}

/**
 * The size to draw an SVG at: its own proportions (the root's width and height, else its viewBox, else
 * the browsers' default 300 × 150), scaled so the longer side is SVG_RASTER_MAX_SIDE. Both sides are
 * always given to the decoder, so a document claiming to be 100 000 pixels wide is never drawn so.
 */
export function rasterSize(svg: string): { width: number; height: number } {
  const tag = /<svg[\s>/][^>]*>?/i.exec(svg)?.[0] ?? '';
  const viewBox = (attribute(tag, 'viewBox') ?? '')
    .trim()
    .split(/[\s,]+/)
    .map(Number);
  const boxRatio =
    viewBox.length === 4 && viewBox.every(Number.isFinite) && viewBox[2]! > 0 && viewBox[3]! > 0
      ? viewBox[2]! / viewBox[3]!
      : null;
  let width = cssPixels(attribute(tag, 'width'));
  let height = cssPixels(attribute(tag, 'height'));
  if (width !== null && height === null && boxRatio) height = width / boxRatio;
  if (height !== null && width === null && boxRatio) width = height * boxRatio;
  const ratio = width !== null && height !== null ? width / height : (boxRatio ?? 2);
  const landscape = ratio >= 1;
  const long = SVG_RASTER_MAX_SIDE;
  const short = Math.max(1, Math.min(long, Math.round(landscape ? long / ratio : long * ratio)));
  return landscape ? { width: long, height: short } : { width: short, height: long };
}

export function svgRasterArgs(input: string, output: string, size: { width: number; height: number }) {
  return [
    '-hide_banner',
    '-nostdin',
    '-loglevel',
    'error',
    // Only the file named below, read as an SVG and nothing else.
    '-protocol_whitelist',
    'file',
    '-format_whitelist',
    'svg_pipe',
    // The decoder draws at exactly this size, whatever the document claims.
    '-width',
    String(size.width),
    '-height',
    String(size.height),
    '-keep_ar',
    '0',
    '-f',
    'svg_pipe',
    '-i',
    `file:${input}`,
    '-frames:v',
    '1',
    '-c:v',
    'png',
    '-f',
    'image2',
    '-update',
    '1',
    '-y',
    `file:${output}`,
  ];
}

/**
 * The rasterizer of this ffmpeg, or 'unavailable' when the build has no SVG decoder (the npm-bundled
 * fallback has none): asked once, at the first SVG. Two drawings at a time per process.
 */
export function createSvgRasterizer(ffmpeg: string): SvgRasterizer {
  let capable: Promise<boolean> | null = null;
  const slots = pLimit(2);
  const canDraw = () =>
    (capable ??= runMediaProcess(ffmpeg, ['-hide_banner', '-decoders'], { timeoutMs: RASTER_TIMEOUT_MS })
      .then(({ stdout }) => /^\s*V\S*\s+(librsvg|svg)\s/m.test(stdout))
      .catch(() => false));

  return {
    async toPng(input, output) {
      if (!(await canDraw())) return 'unavailable';
      const size = rasterSize(await fsp.readFile(input, 'utf8'));
      return slots(async () => {
        try {
          await runMediaProcess(ffmpeg, svgRasterArgs(path.resolve(input), path.resolve(output), size), {
            timeoutMs: RASTER_TIMEOUT_MS,
            cwd: path.dirname(path.resolve(output)),
          });
          return 'converted' as const;
        } catch {
          await fsp.rm(output, { force: true });
          return 'unreadable' as const;
        }
      });
    },
  };
}
