import fc from 'fast-check';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  PdfLayout,
  fitText,
  formatDay,
  winAnsiText,
  wrapText,
  type PaperSize,
} from '../../../../lambdas/documents/pdf-layout';
import { pdfText } from '../../../support/pdf-text';

let charset: ReadonlySet<number>;
let helvetica: Awaited<ReturnType<PDFDocument['embedFont']>>;
beforeAll(async () => {
  const doc = await PDFDocument.create();
  helvetica = await doc.embedFont(StandardFonts.Helvetica);
  charset = new Set(helvetica.getCharacterSet());
});

describe('winAnsiText: only what the standard fonts can draw', () => {
  it('keeps the WinAnsi letters, drops accents the charset lacks and gives letters without one their plain form', () => {
    expect(winAnsiText('Zoë Müller-Ødegård €12 “quoted” – ok', charset)).toBe('Zoë Müller-Ødegård €12 “quoted” – ok');
    expect(winAnsiText('Łukasz Wałęsa, Dvořák, Đorđe, Erdős', charset)).toBe('Lukasz Walesa, Dvorák, Dorde, Erdos');
  });

  it('turns what has no drawable form (emoji, CJK) into "?" and line breaks into spaces', () => {
    expect(winAnsiText('Patient 😊 眼科\nline two\ttab', charset)).toBe('Patient ? ?? line two tab');
  });

  it('any text at all comes out drawable and drawing it never throws', async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    const page = doc.addPage();
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 40 }), (text) => {
        const clean = winAnsiText(text, charset);
        expect([...clean].every((c) => charset.has(c.codePointAt(0)!))).toBe(true);
        page.drawText(clean, { x: 10, y: 10, size: 10, font });
      }),
      { numRuns: 200 },
    );
    // 200 drawn pages take about a second alone; a loaded two-core machine needs more than the default 5 s.
  }, 30_000);
});

describe('wrapText and fitText', () => {
  it('wraps words into lines no wider than the width, keeping every word', () => {
    const text = 'Within 90 days of the ship date of the final lens of an order you may ask for an exchange';
    const lines = wrapText(text, helvetica, 10, 120);
    expect(lines.length).toBeGreaterThan(2);
    for (const line of lines) expect(helvetica.widthOfTextAtSize(line, 10)).toBeLessThanOrEqual(120);
    expect(lines.join(' ')).toBe(text);
  });

  it('cuts a word longer than a line instead of overflowing', () => {
    const lines = wrapText('X'.repeat(200), helvetica, 10, 100);
    for (const line of lines) expect(helvetica.widthOfTextAtSize(line, 10)).toBeLessThanOrEqual(100);
    expect(lines.join('')).toBe('X'.repeat(200));
  });

  it('fitText ends a cut cell with an ellipsis inside the width', () => {
    const fitted = fitText('A very long patient name that does not fit', helvetica, 9, 60);
    expect(fitted.endsWith('…')).toBe(true);
    expect(helvetica.widthOfTextAtSize(fitted, 9)).toBeLessThanOrEqual(60);
    expect(fitText('Short', helvetica, 9, 60)).toBe('Short');
  });
});

describe('PdfLayout pages', () => {
  it.each([
    ['A4', 595.28, 841.89],
    ['Letter', 612, 792],
  ] as [PaperSize, number, number][])('%s paper, the Lenslab header and "page i of n" footers', async (paper, w, h) => {
    const layout = await PdfLayout.create({ title: 'Test document', footer: 'Lenslab test', now: new Date(0), paper });
    layout.table(
      [
        { header: 'Item', weight: 3 },
        { header: 'Amount', weight: 1, align: 'right' },
      ],
      Array.from({ length: 120 }, (_, i) => [`Row ${i + 1}`, `$${i}.00`]),
    );
    const pdf = await pdfText(await layout.save());
    expect(pdf.pageCount).toBeGreaterThan(1);
    expect(pdf.title).toBe('Test document');
    pdf.pages.forEach((page, i) => {
      expect(page.width).toBeCloseTo(w, 1);
      expect(page.height).toBeCloseTo(h, 1);
      expect(page.runs).toContain('Lenslab');
      // The table header is repeated on every page the table runs onto.
      expect(page.runs).toContain('Amount');
      expect(page.runs).toContain(`Lenslab test - page ${i + 1} of ${pdf.pageCount}`);
    });
    const rows = pdf.pages.flatMap((p) => p.runs.filter((r) => /^Row \d+$/.test(r)));
    expect(rows).toEqual(Array.from({ length: 120 }, (_, i) => `Row ${i + 1}`));
  });

  it('the same input gives the same bytes (the creation date comes from the caller)', async () => {
    const render = async () => {
      const layout = await PdfLayout.create({ title: 'T', footer: 'F', now: new Date('2025-01-01T00:00:00Z') });
      layout.paragraph('Hello');
      return Buffer.from(await layout.save());
    };
    expect((await render()).equals(await render())).toBe(true);
  });
});

describe('formatDay', () => {
  it('prints a due day and the UTC day of an instant the same way', () => {
    expect(formatDay('2025-03-31')).toBe('Mar 31, 2025');
    expect(formatDay('2025-03-01T23:30:00.000Z')).toBe('Mar 1, 2025');
  });
});
