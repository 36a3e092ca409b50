/**
 * Whether a file's first bytes are those of a video container of docs/product.md §4.1: read in the
 * browser when the file is picked, so a renamed document is refused at once ('Only Video File
 * Allowed!') instead of after the dialogs and the upload. The server still checks the content; this is
 * for the person, not a boundary.
 */
const ascii = (bytes: Uint8Array, at: number, text: string) =>
  [...text].every((char, i) => bytes[at + i] === char.charCodeAt(0));
const startsWith = (bytes: Uint8Array, prefix: number[], at = 0) =>
  prefix.every((value, i) => bytes[at + i] === value);

/** ISO base media (MP4, MOV, 3GP) boxes a file may open with. */
const ISO_BOXES = ['ftyp', 'moov', 'mdat', 'free', 'skip', 'wide', 'pnot'];

export function isVideoSignature(bytes: Uint8Array): boolean {
  if (ISO_BOXES.some((box) => ascii(bytes, 4, box))) return true; // MP4, QuickTime
  if (startsWith(bytes, [0x1a, 0x45, 0xdf, 0xa3])) return true; // EBML: WebM, Matroska
  if (ascii(bytes, 0, 'OggS')) return true; // Ogg
  if (ascii(bytes, 0, 'RIFF') && ascii(bytes, 8, 'AVI ')) return true; // AVI
  if (startsWith(bytes, [0x00, 0x00, 0x01, 0xba]) || startsWith(bytes, [0x00, 0x00, 0x01, 0xb3])) return true; // MPEG
  if (bytes[0] === 0x47 && (bytes.length <= 188 || bytes[188] === 0x47)) return true; // MPEG transport stream
  return startsWith(bytes, [0x30, 0x26, 0xb2, 0x75, 0x8e, 0x66, 0xcf, 0x11]); // ASF: WMV
}

/** The head of a file as bytes (FileReader: every browser, and jsdom). */
function head(file: Blob, length: number): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsArrayBuffer(file.slice(0, length));
  });
}

/** Reads the first bytes of the file: true for a video container; an unreadable file is not refused here. */
export async function looksLikeVideo(file: Blob): Promise<boolean> {
  try {
    return isVideoSignature(await head(file, 189));
  } catch {
    return true;
  }
}
