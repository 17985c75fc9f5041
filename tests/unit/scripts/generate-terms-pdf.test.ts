import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DOCUMENT, TERMS_PDF_PATH, renderTermsPdf } from '../../../scripts/generate-terms-pdf';
import { pdfText } from '../../support/pdf-text';

describe('terms PDF script', () => {
  it('renders every block of the terms text, in order, on A4 pages numbered "page i of n"', async () => {
    const pdf = await pdfText(await renderTermsPdf());
    expect(pdf.pageCount).toBeGreaterThanOrEqual(2);
    expect(pdf.title).toBe('Lenslab Optical Laboratory - Terms and Conditions');
    // The text without the footers, so a paragraph that runs onto the next page reads as one.
    const body = pdf.pages.flatMap((page) => page.runs.filter((run) => !/ - page \d+ of \d+$/.test(run))).join(' ');
    let from = 0;
    for (const block of DOCUMENT) {
      const at = body.indexOf(block.text, from);
      expect(at, block.text.slice(0, 40)).toBeGreaterThanOrEqual(0);
      from = at + block.text.length;
    }
    pdf.pages.forEach((page, i) => {
      expect(page.width).toBeCloseTo(595.28, 1);
      expect(page.runs).toContain(
        `Lenslab Optical Laboratory - Terms and Conditions - page ${i + 1} of ${pdf.pageCount}`,
      );
    });
  });

  it('web/public/terms.pdf is what the script writes now (run it after editing the text)', async () => {
    const committed = readFileSync(TERMS_PDF_PATH);
    expect(Buffer.from(await renderTermsPdf()).equals(committed)).toBe(true);
  });
});
