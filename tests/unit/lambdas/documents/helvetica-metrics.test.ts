import { PDFDocument, StandardFonts, type PDFFont } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  HELVETICA,
  HELVETICA_BOLD,
  WIN_ANSI_CODE_POINTS,
  type StandardFont,
} from '../../../../lambdas/documents/pdf-writer';

/**
 * The writer's font table (lambdas/documents/helvetica-metrics.ts) is generated from pdf-lib; measured here
 * against pdf-lib itself, so the layout positions text exactly where it did with pdf-lib and cannot drift.
 */

let reference: { ours: StandardFont; theirs: PDFFont }[];
let chars: string[];
beforeAll(async () => {
  const doc = await PDFDocument.create();
  reference = [
    { ours: HELVETICA, theirs: await doc.embedFont(StandardFonts.Helvetica) },
    { ours: HELVETICA_BOLD, theirs: await doc.embedFont(StandardFonts.HelveticaBold) },
  ];
  chars = reference[0]!.theirs.getCharacterSet().map((cp) => String.fromCodePoint(cp));
});

describe('Helvetica metrics of the PDF writer', () => {
  it("draw exactly pdf-lib's WinAnsi character set, each as the byte pdf-lib writes", () => {
    for (const { ours, theirs } of reference) {
      expect([...WIN_ANSI_CODE_POINTS].sort((a, b) => a - b)).toEqual(theirs.getCharacterSet());
      const bytes = chars.map((char) => ours.encode(char)[0]!.toString(16).toUpperCase().padStart(2, '0'));
      expect(bytes).toEqual(chars.map((char) => theirs.encodeText(char).toString().slice(1, -1)));
    }
    expect(chars).toHaveLength(218);
  });

  it('give every character the width pdf-lib gives it, in both fonts and at any size', () => {
    for (const { ours, theirs } of reference) {
      for (const size of [1000, 9.5, 8.5, 13]) {
        const mismatches = chars.filter((c) => ours.widthOfTextAtSize(c, size) !== theirs.widthOfTextAtSize(c, size));
        expect(mismatches, `${ours.name} at ${size}`).toEqual([]);
      }
    }
  });

  it('kern every pair of characters as pdf-lib measures it (its widths include the AFM kerning)', () => {
    for (const { ours, theirs } of reference) {
      const mismatches: string[] = [];
      let kerned = 0;
      for (const left of chars) {
        for (const right of chars) {
          const pair = left + right;
          const width = theirs.widthOfTextAtSize(pair, 1000);
          if (ours.widthOfTextAtSize(pair, 1000) !== width) mismatches.push(pair);
          if (width !== theirs.widthOfTextAtSize(left, 1000) + theirs.widthOfTextAtSize(right, 1000)) kerned++;
        }
      }
      expect(mismatches, ours.name).toEqual([]);
      // The table is not empty by accident: Helvetica kerns over a thousand WinAnsi pairs.
      expect(kerned).toBeGreaterThan(1000);
    }
  });

  it('measure whole lines as pdf-lib does', () => {
    const lines = ['Invoice INV-1001', 'AVATAR, Tyr. “Wave” – 12.50 €', 'Balance due $1,234.56', 'Zoë Müller-Ødegård'];
    for (const { ours, theirs } of reference) {
      for (const line of lines) expect(ours.widthOfTextAtSize(line, 9.5)).toBe(theirs.widthOfTextAtSize(line, 9.5));
    }
  });
});
