import { describe, expect, it } from 'vitest';
import { FILE_SIGNATURES, SIGNATURE_BYTES, signatureProblem } from '../../../core/rules/file-signatures';
import { ALLOWED_ATTACHMENT_TYPES } from '../../../core/schemas/attachments';

const bytes = (...parts: (string | number[])[]) =>
  Uint8Array.from(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)));
const zeros = (n: number) => new Array<number>(n).fill(0);
const utf16le = (text: string) => [
  0xff,
  0xfe,
  ...[...text].flatMap((c) => [c.charCodeAt(0) & 0xff, c.charCodeAt(0) >> 8]),
];

/** The start of a genuine file of each allowlisted type, as devices and office software write them. */
const GENUINE: Record<string, Uint8Array> = {
  'application/pdf': bytes('%PDF-1.7\n', [0x25, 0xe2, 0xe3, 0xcf, 0xd3]),
  'image/jpeg': bytes([0xff, 0xd8, 0xff, 0xe1], 'Exif'),
  'image/png': bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13], 'IHDR'),
  'image/tiff': bytes('II', [0x2a, 0x00, 8, 0, 0, 0]),
  'image/bmp': bytes('BM', [0x36, 0x28, 0, 0]),
  'image/webp': bytes('RIFF', [0x24, 0, 0, 0], 'WEBPVP8 '),
  'application/dicom': bytes(zeros(128), 'DICM', [2, 0, 0, 0]),
  'text/csv': bytes('Eye;K1;K2;Kmax\r\nOD;43.1;44.2;45.0\r\n'),
  'text/plain': bytes('Remake with flatter BC, 0.1 steeper than last.\n'),
  'application/xml': bytes('<?xml version="1.0" encoding="UTF-8"?>\n<Exam>'),
  'application/zip': bytes('PK', [3, 4, 20, 0]),
  'video/mp4': bytes([0, 0, 0, 0x20], 'ftypisom'),
  'video/quicktime': bytes([0, 0, 0, 0x14], 'ftypqt  '),
};

const problem = (contentType: string, start: Uint8Array) => signatureProblem({ filename: 'file', contentType, start });

describe('file signatures: the first bytes must fit the declared type', () => {
  it('every allowlisted type has a signature check, and no check exists for a type outside the allowlist', () => {
    expect(Object.keys(FILE_SIGNATURES).sort()).toEqual(Object.keys(ALLOWED_ATTACHMENT_TYPES).sort());
    expect(Object.keys(GENUINE).sort()).toEqual(Object.keys(ALLOWED_ATTACHMENT_TYPES).sort());
  });

  it.each(Object.entries(GENUINE))('accepts the start of a genuine %s file', (type, start) => {
    expect(problem(type, start)).toBeUndefined();
  });

  // Text formats are not in this list: an HTML page is text, and well-formed XHTML is XML. They are never
  // shown inline (only images are), so what a text file holds cannot run in the bucket's origin.
  const binaryTypes = Object.keys(GENUINE).filter((t) => !t.startsWith('text/') && t !== 'application/xml');
  it.each(binaryTypes)('refuses an HTML page declared as %s', (type) => {
    expect(problem(type, bytes('<!doctype html><script>fetch("/api")</script>'))).toMatch(/^The contents of file/);
  });

  it('a binary type refuses another binary type’s bytes (a PDF renamed .png, a ZIP renamed .mp4)', () => {
    expect(problem('image/png', GENUINE['application/pdf']!)).toBe(
      'The contents of file are not a PNG image. Attach the original file as exported.',
    );
    expect(problem('video/mp4', GENUINE['application/zip']!)).toMatch(/not a MP4 video/);
    expect(problem('image/jpeg', GENUINE['image/png']!)).toMatch(/not a JPEG image/);
  });

  it('an empty file fits no type', () => {
    for (const type of Object.keys(FILE_SIGNATURES)) expect(problem(type, new Uint8Array()), type).toBeDefined();
  });

  it('a type outside the allowlist is refused whatever its bytes', () => {
    expect(problem('text/html', bytes('<html>'))).toMatch(/not a file type the portal accepts/);
  });

  it('PDF: the header may follow up to 1024 bytes of scanner junk, not more', () => {
    expect(problem('application/pdf', bytes(zeros(1000), '%PDF-1.4'))).toBeUndefined();
    expect(problem('application/pdf', bytes(zeros(1100), '%PDF-1.4'))).toBeDefined();
    expect(SIGNATURE_BYTES).toBeGreaterThanOrEqual(1024);
  });

  it('TIFF: big-endian and BigTIFF headers are accepted too', () => {
    expect(problem('image/tiff', bytes('MM', [0, 0x2a]))).toBeUndefined();
    expect(problem('image/tiff', bytes('II', [0x2b, 0]))).toBeUndefined();
    expect(problem('image/tiff', bytes('IX', [0x2a, 0]))).toBeDefined();
  });

  it('DICOM: "DICM" must follow the 128-byte preamble (a raw dataset without the Part 10 header is refused)', () => {
    expect(problem('application/dicom', bytes('DICM', zeros(200)))).toBeDefined();
    expect(problem('application/dicom', bytes(zeros(127), 'DICM'))).toBeDefined();
  });

  it('QuickTime: classic files that start with a moov or mdat atom are accepted', () => {
    expect(problem('video/quicktime', bytes([0, 0, 0, 8], 'moov'))).toBeUndefined();
    expect(problem('video/quicktime', bytes([0, 0, 0, 8], 'wide'))).toBeUndefined();
    expect(problem('video/quicktime', bytes([0, 0, 0, 8], 'junk'))).toBeDefined();
  });

  describe('text types have no magic bytes: they must be text', () => {
    it('accepts UTF-8 with a byte-order mark, Latin-1 (older device software) and UTF-16 with a byte-order mark', () => {
      expect(problem('text/csv', bytes([0xef, 0xbb, 0xbf], 'K1,K2\n'))).toBeUndefined();
      expect(problem('text/csv', bytes('Patient;Topograf', [0xed], 'a\n'))).toBeUndefined();
      expect(problem('text/csv', Uint8Array.from(utf16le('K1\tK2\r\n43,1\t44,2\r\n')))).toBeUndefined();
    });

    it('refuses NUL and other control bytes: executables, images and archives renamed .csv or .txt', () => {
      expect(problem('text/csv', bytes('MZ', [0x90, 0, 3, 0]))).toMatch(/not a CSV file/);
      expect(problem('text/plain', GENUINE['image/png']!)).toMatch(/not a text file/);
      expect(problem('text/plain', GENUINE['application/zip']!)).toBeDefined();
      expect(problem('text/csv', Uint8Array.from([0xff, 0xfe, 0x01, 0x00]))).toBeDefined();
    });

    it('a multi-byte character cut by the end of the window does not refuse a text file', () => {
      const text = bytes('a'.repeat(SIGNATURE_BYTES - 1), [0xc3]);
      expect(problem('text/plain', text)).toBeUndefined();
    });

    it('XML must start with "<" (after a byte-order mark and white space)', () => {
      expect(problem('application/xml', bytes([0xef, 0xbb, 0xbf], '\n  <Exam/>'))).toBeUndefined();
      expect(problem('application/xml', Uint8Array.from(utf16le('<?xml version="1.0"?>')))).toBeUndefined();
      expect(problem('application/xml', bytes('K1,K2\n'))).toMatch(/not a XML file/);
    });
  });
});
