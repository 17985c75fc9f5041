import { describe, expect, it } from 'vitest';
import {
  ATTACHMENT_ACCEPT,
  ATTACHMENT_LIMITS,
  ATTACHMENT_SIZE_MESSAGE,
  ATTACHMENT_TYPE_MESSAGE,
  attachmentListSchema,
  attachmentProblem,
  isValidAttachmentList,
  safeFileName,
} from '../../../core/schemas/attachments';

describe('safeFileName: the last part of an S3 key and a Content-Disposition name', () => {
  it.each([
    ['../x.pdf', 'x.pdf'],
    ['..\\..\\windows\\x.pdf', 'x.pdf'],
    ['/etc/passwd', 'passwd'],
    ['orders/other-order/scan.pdf', 'scan.pdf'],
    ['Pentacam "OD"; rm -rf.pdf', 'Pentacam _OD_ rm -rf.pdf'],
    ['line\r\nbreak.pdf', 'line_break.pdf'],
    ['topografía.pdf', 'topografia.pdf'],
    ['  many   spaces .pdf ', 'many spaces .pdf'],
  ])('%j becomes %j', (input, expected) => {
    expect(safeFileName(input)).toBe(expected);
  });

  it.each(['', '..', '.', '/', '...', '___'])('a name with nothing usable (%j) becomes "file"', (input) => {
    expect(safeFileName(input)).toBe('file');
  });

  it('keeps at most 120 characters, from the end so the extension survives', () => {
    const name = safeFileName(`${'a'.repeat(300)}.pdf`);
    expect(name).toHaveLength(120);
    expect(name.endsWith('.pdf')).toBe(true);
  });

  it('is idempotent: a safe name stays as it is', () => {
    for (const input of ['../x.pdf', 'Pentacam "OD".pdf', 'topografía.pdf']) {
      expect(safeFileName(safeFileName(input))).toBe(safeFileName(input));
    }
  });

  it('only ever answers letters, digits, dot, dash, underscore and space', () => {
    for (const input of ['<script>.pdf', 'a\u0000b.pdf', '😀.png', 'x%2F..%2F.pdf']) {
      expect(safeFileName(input)).toMatch(/^[\w. -]+$/);
    }
  });
});

describe('attachmentProblem: the allowlist and the size limit, with clear messages', () => {
  it('accepts PDF, images, topography and OCT exports of the allowlist', () => {
    for (const [name, type] of [
      ['scan.pdf', 'application/pdf'],
      ['eye.JPG', 'image/jpeg'],
      ['map.tiff', 'image/tiff'],
      ['oct.dcm', 'application/dicom'],
      ['pentacam.csv', 'text/csv'],
      ['export.xml', 'application/xml'],
      ['exam.zip', 'application/zip'],
      ['fit.mov', 'video/quicktime'],
    ] as const) {
      expect(attachmentProblem({ name, type, size: 10 })).toBeUndefined();
    }
  });

  it('refuses a type outside the allowlist', () => {
    expect(attachmentProblem({ name: 'setup.exe', type: 'application/x-msdownload', size: 10 })).toBe(
      ATTACHMENT_TYPE_MESSAGE,
    );
    expect(attachmentProblem({ name: 'x.svg', type: 'image/svg+xml', size: 10 })).toBe(ATTACHMENT_TYPE_MESSAGE);
  });

  it('refuses an extension that does not match the type', () => {
    expect(attachmentProblem({ name: 'scan.png', type: 'application/pdf', size: 10 })).toBe(ATTACHMENT_TYPE_MESSAGE);
    expect(attachmentProblem({ name: 'scan', type: 'application/pdf', size: 10 })).toBe(ATTACHMENT_TYPE_MESSAGE);
  });

  it('refuses a file over 50 MB; exactly 50 MB is accepted', () => {
    expect(attachmentProblem({ name: 'a.pdf', type: 'application/pdf', size: ATTACHMENT_LIMITS.maxBytes + 1 })).toBe(
      ATTACHMENT_SIZE_MESSAGE,
    );
    expect(attachmentProblem({ name: 'a.pdf', type: 'application/pdf', size: ATTACHMENT_LIMITS.maxBytes })).toBe(
      undefined,
    );
  });

  it('refuses an empty file', () => {
    expect(attachmentProblem({ name: 'a.pdf', type: 'application/pdf', size: 0 })).toBe('This file is empty.');
  });

  it('the file input accepts every allowed type and extension', () => {
    expect(ATTACHMENT_ACCEPT.split(',')).toEqual(expect.arrayContaining(['application/pdf', '.pdf', '.dcm', '.tif']));
  });
});

describe('spec 5: attachments are valid only if they form an array whose entries all have a non-empty string name', () => {
  it('spec 5: an empty array is valid', () => {
    expect(isValidAttachmentList([])).toBe(true);
  });

  it('spec 5: an array whose entries all have a non-empty string name is valid', () => {
    expect(isValidAttachmentList([{ name: 'a.pdf' }, { name: 'b.png', size: 1, type: 'image/png' }])).toBe(true);
  });

  it.each([
    ['not an array', { name: 'a.pdf' }],
    ['null', null],
    ['undefined', undefined],
    ['a string', 'a.pdf'],
  ])('spec 5: a value that is not an array (%s) is invalid', (_label, value) => {
    expect(isValidAttachmentList(value)).toBe(false);
  });

  it.each([
    ['an empty name', [{ name: '' }]],
    ['no name', [{ size: 1 }]],
    ['a numeric name', [{ name: 42 }]],
    ['a null entry', [null]],
    ['a string entry', ['a.pdf']],
    ['one bad entry among good ones', [{ name: 'a.pdf' }, { name: '' }]],
  ])('spec 5: an entry with %s makes the list invalid', (_label, value) => {
    expect(isValidAttachmentList(value)).toBe(false);
  });

  it('the order’s attachment list schema applies the spec 5 rule and the per-order limit', () => {
    expect(attachmentListSchema.safeParse([{ name: 'a.pdf', size: 1, type: 'application/pdf' }]).success).toBe(true);
    expect(attachmentListSchema.safeParse([{ name: '', size: 1, type: 'application/pdf' }]).success).toBe(false);
    const eleven = Array.from({ length: 11 }, (_, i) => ({ name: `${i}.pdf`, size: 1, type: 'application/pdf' }));
    expect(attachmentListSchema.safeParse(eleven).success).toBe(false);
  });
});
