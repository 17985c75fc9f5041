/**
 * What an attachment's first bytes must look like for its declared type: a file counts as
 * attached only after the server has read its start and it matches. One entry per type of the allowlist
 * (`ALLOWED_ATTACHMENT_TYPES`, core/schemas/attachments.ts); a unit test fails when a type has none.
 *
 * Binary formats are checked by their magic bytes. Text formats (CSV, TXT, XML) have none: they are checked
 * as text instead (no NUL or other control bytes), which refuses executables, archives and images renamed
 * to `.csv`; XML must also start with `<`.
 */

/** How many leading bytes the server reads: the PDF header may sit anywhere in the first 1024 bytes. */
export const SIGNATURE_BYTES = 4096;

export interface FileSignature {
  /** How the user calls the type: "The contents of x.pdf are not a PDF file". */
  label: string;
  /** Whether the file's first bytes (at most SIGNATURE_BYTES; all of a smaller file) fit the type. */
  matches(start: Uint8Array): boolean;
}

const ascii = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0));

/** `bytes` at `offset` of `start`. */
function hasAt(start: Uint8Array, offset: number, bytes: readonly number[] | Uint8Array): boolean {
  if (start.length < offset + bytes.length) return false;
  for (let i = 0; i < bytes.length; i++) if (start[offset + i] !== bytes[i]) return false;
  return true;
}

const startsWithAny = (start: Uint8Array, signatures: readonly (readonly number[])[]) =>
  signatures.some((signature) => hasAt(start, 0, signature));

/** The index of `needle` in the first `within` bytes of `start`, or -1. */
function indexWithin(start: Uint8Array, needle: Uint8Array, within: number): number {
  const last = Math.min(start.length, within) - needle.length;
  for (let i = 0; i <= last; i++) if (hasAt(start, i, needle)) return i;
  return -1;
}

const UTF8_BOM = [0xef, 0xbb, 0xbf];
const UTF16LE_BOM = [0xff, 0xfe];
const UTF16BE_BOM = [0xfe, 0xff];

/** Tab, LF, FF, CR and (old DOS exports) the end-of-file SUB are the only control characters text may hold. */
const TEXT_CONTROLS = new Set([0x09, 0x0a, 0x0c, 0x0d, 0x1a]);
const isControl = (code: number) => (code < 0x20 && !TEXT_CONTROLS.has(code)) || code === 0x7f;

/**
 * The start of a text file as characters, or null when it is not text: UTF-16 needs its byte-order mark
 * (Windows exports carry one); anything else is read byte by byte (UTF-8, or the Latin-1 of older device
 * software), so only control bytes decide. A multi-byte character cut by the end of the window is harmless.
 */
function textOf(start: Uint8Array): string | null {
  if (start.length === 0) return null;
  if (hasAt(start, 0, UTF16LE_BOM) || hasAt(start, 0, UTF16BE_BOM)) {
    const littleEndian = start[0] === 0xff;
    let text = '';
    for (let i = 2; i + 1 < start.length; i += 2) {
      const code = littleEndian ? start[i]! | (start[i + 1]! << 8) : (start[i]! << 8) | start[i + 1]!;
      if (isControl(code)) return null;
      text += String.fromCharCode(code);
    }
    return text;
  }
  const from = hasAt(start, 0, UTF8_BOM) ? 3 : 0;
  let text = '';
  for (let i = from; i < start.length; i++) {
    if (isControl(start[i]!)) return null;
    text += String.fromCharCode(start[i]!);
  }
  return text;
}

const QUICKTIME_ATOMS = ['ftyp', 'moov', 'mdat', 'wide', 'free', 'skip', 'pnot'].map(ascii);

/** The signature of each allowlisted content type. */
export const FILE_SIGNATURES: Readonly<Record<string, FileSignature>> = {
  // ISO 32000: readers accept the "%PDF-" header anywhere in the first 1024 bytes (scanners prepend junk).
  'application/pdf': { label: 'PDF', matches: (s) => indexWithin(s, ascii('%PDF-'), 1024) !== -1 },
  'image/jpeg': { label: 'JPEG image', matches: (s) => hasAt(s, 0, [0xff, 0xd8, 0xff]) },
  'image/png': { label: 'PNG image', matches: (s) => hasAt(s, 0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) },
  // Little- and big-endian TIFF, and BigTIFF (large OCT scans).
  'image/tiff': {
    label: 'TIFF image',
    matches: (s) =>
      startsWithAny(s, [
        [0x49, 0x49, 0x2a, 0x00],
        [0x4d, 0x4d, 0x00, 0x2a],
        [0x49, 0x49, 0x2b, 0x00],
        [0x4d, 0x4d, 0x00, 0x2b],
      ]),
  },
  'image/bmp': { label: 'BMP image', matches: (s) => hasAt(s, 0, ascii('BM')) },
  'image/webp': { label: 'WebP image', matches: (s) => hasAt(s, 0, ascii('RIFF')) && hasAt(s, 8, ascii('WEBP')) },
  // DICOM Part 10 (what OCT and topography devices export as .dcm): a 128-byte preamble, then "DICM".
  'application/dicom': { label: 'DICOM file', matches: (s) => hasAt(s, 128, ascii('DICM')) },
  // A local file header, or the end record of an empty archive.
  'application/zip': {
    label: 'ZIP archive',
    matches: (s) =>
      startsWithAny(s, [
        [0x50, 0x4b, 0x03, 0x04],
        [0x50, 0x4b, 0x05, 0x06],
      ]),
  },
  // ISO base media: the first box is `ftyp`.
  'video/mp4': { label: 'MP4 video', matches: (s) => hasAt(s, 4, ascii('ftyp')) },
  // QuickTime: an `ftyp` box (newer files) or one of the classic top-level atoms.
  'video/quicktime': { label: 'QuickTime video', matches: (s) => QUICKTIME_ATOMS.some((atom) => hasAt(s, 4, atom)) },
  // No magic bytes exist for text: checked as text (see textOf).
  'text/csv': { label: 'CSV file', matches: (s) => textOf(s) !== null },
  'text/plain': { label: 'text file', matches: (s) => textOf(s) !== null },
  'application/xml': { label: 'XML file', matches: (s) => textOf(s)?.trimStart().startsWith('<') ?? false },
};

/** What the user reads when a file's contents do not fit its type. */
export const signatureMessage = (filename: string, label: string) =>
  `The contents of ${filename} are not a ${label}. Attach the original file as exported.`;

/**
 * Why a file's first bytes do not fit its declared content type, or undefined when they do. A type with no
 * signature entry is refused (the allowlist and this table are kept in step by a test).
 */
export function signatureProblem(file: {
  filename: string;
  contentType: string;
  start: Uint8Array;
}): string | undefined {
  const signature = FILE_SIGNATURES[file.contentType];
  if (!signature) return signatureMessage(file.filename, 'file type the portal accepts');
  return signature.matches(file.start) ? undefined : signatureMessage(file.filename, signature.label);
}
