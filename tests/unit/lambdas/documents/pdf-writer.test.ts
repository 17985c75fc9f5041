import { inflateSync } from 'node:zlib';
import { PDFDict, PDFDocument, PDFName, PDFNumber } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { PdfLayout } from '../../../../lambdas/documents/pdf-layout';
import { HELVETICA, HELVETICA_BOLD, PdfWriter, rgb } from '../../../../lambdas/documents/pdf-writer';
import { pdfText } from '../../../support/pdf-text';

const INK = rgb(0.05, 0.16, 0.23);
const CREATED = new Date('2025-03-12T10:00:00.000Z');
const INFO = { title: 'Invoice INV-1 – “quoted” €', producer: 'Lenslab Portal', created: CREATED };

/** Two pages of different sizes: text in both fonts, a rotated faint label and a line. */
function sample(): Uint8Array {
  const writer = new PdfWriter();
  const first = writer.addPage(595.28, 841.89);
  first.drawText('VOID', {
    x: 200,
    y: 300,
    size: 96,
    font: HELVETICA_BOLD,
    colour: rgb(0.75, 0.15, 0.15),
    opacity: 0.12,
    rotate: 35,
  });
  first.drawText('Lenslab', { x: 56, y: 785.89, size: 20, font: HELVETICA_BOLD, colour: INK });
  first.drawText('€12 ‘a’ “b” – c — d • e Zoë', { x: 56, y: 700, size: 9.5, font: HELVETICA, colour: INK });
  first.drawLine({ start: { x: 56, y: 690 }, end: { x: 539.28, y: 690 }, thickness: 0.6, colour: INK });
  const second = writer.addPage(612, 792);
  second.drawText('Page two (with) \\ backslash', { x: 56, y: 700, size: 10, font: HELVETICA, colour: INK });
  return writer.save({ ...INFO, author: 'Lenslab Optical Laboratory', subject: 'Subject', creator: 'Lenslab Portal' });
}

/** The decoded content streams of a PDF the writer made, in page order. */
const contents = (bytes: Uint8Array) =>
  [
    ...Buffer.from(bytes)
      .toString('latin1')
      .matchAll(/stream\n([\s\S]*?)\nendstream/g),
  ].map(([, data]) => inflateSync(Buffer.from(data!, 'latin1')).toString('latin1'));

describe('the PDF writer', () => {
  it('writes a PDF pdf-lib reads back: pages with their sizes, and the document information', async () => {
    const bytes = sample();
    expect(Buffer.from(bytes.subarray(0, 8)).toString('latin1')).toBe('%PDF-1.7');
    const doc = await PDFDocument.load(bytes, { updateMetadata: false });
    expect(doc.getPages().map((page) => page.getSize())).toEqual([
      { width: 595.28, height: 841.89 },
      { width: 612, height: 792 },
    ]);
    expect(doc.getTitle()).toBe(INFO.title);
    expect(doc.getAuthor()).toBe('Lenslab Optical Laboratory');
    expect(doc.getSubject()).toBe('Subject');
    expect(doc.getCreator()).toBe('Lenslab Portal');
    expect(doc.getProducer()).toBe('Lenslab Portal');
    expect(doc.getCreationDate()).toEqual(CREATED);
    expect(doc.getModificationDate()).toEqual(CREATED);
  });

  it('draws text runs in order, with the WinAnsi characters above 0x7F (€ ‘ ’ “ ” – — •) as their own bytes', async () => {
    const pdf = await pdfText(sample());
    expect(pdf.pages.map((page) => page.runs)).toEqual([
      ['VOID', 'Lenslab', '€12 ‘a’ “b” – c — d • e Zoë'],
      ['Page two (with) \\ backslash'],
    ]);
    expect(contents(sample())[0]).toContain('<8031322091619220936294209620632097206420952065205A6FEB> Tj');
  });

  it('sets font, size, colour, position and rotation on the text, and draws lines with their width and colour', () => {
    const [first] = contents(sample());
    expect(first).toContain('/F1 9.5 Tf');
    expect(first).toContain('0.05 0.16 0.23 rg');
    expect(first).toContain('1 0 0 1 56 700 Tm');
    const rotated = `${Math.cos((35 * Math.PI) / 180)} ${Math.sin((35 * Math.PI) / 180)}`;
    expect(first).toContain(`/GS1 gs\nBT\n0.75 0.15 0.15 rg\n/F2 96 Tf\n${rotated} -`);
    expect(first).toContain('0.05 0.16 0.23 RG\n0.6 w\n56 690 m\n539.28 690 l\nS');
  });

  it('declares the standard fonts with WinAnsiEncoding and the opacity as a graphics state', async () => {
    const doc = await PDFDocument.load(sample(), { updateMetadata: false });
    const resources = doc.getPages()[0]!.node.Resources()!;
    const fonts = resources.lookup(PDFName.of('Font'), PDFDict);
    for (const [key, name] of [
      ['F1', 'Helvetica'],
      ['F2', 'Helvetica-Bold'],
    ]) {
      const font = fonts.lookup(PDFName.of(key!), PDFDict);
      expect(font.get(PDFName.of('BaseFont'))).toBe(PDFName.of(name!));
      expect(font.get(PDFName.of('Encoding'))).toBe(PDFName.of('WinAnsiEncoding'));
    }
    const state = resources.lookup(PDFName.of('ExtGState'), PDFDict).lookup(PDFName.of('GS1'), PDFDict);
    expect(state.lookup(PDFName.of('ca'), PDFNumber).asNumber()).toBe(0.12);
  });

  it('points every cross-reference entry at its object, and startxref at the table', () => {
    const file = Buffer.from(sample()).toString('latin1');
    const startxref = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(file)![1]);
    expect(file.slice(startxref, startxref + 5)).toBe('xref\n');
    const [, count, entries] = /^xref\n0 (\d+)\n([\s\S]*?)trailer/.exec(file.slice(startxref))!;
    const rows = entries!.match(/.{20}/gs)!;
    expect(rows).toHaveLength(Number(count));
    expect(rows[0]).toBe('0000000000 65535 f \n');
    rows.slice(1).forEach((row, i) => {
      expect(row).toMatch(/^\d{10} 00000 n \n$/);
      expect(file.slice(Number(row.slice(0, 10)))).toMatch(new RegExp(`^${i + 1} 0 obj\n`));
    });
  });

  it('gives the same bytes for the same input', () => {
    expect(Buffer.from(sample()).equals(Buffer.from(sample()))).toBe(true);
  });

  it('refuses a character outside WinAnsi instead of writing a wrong one', () => {
    const page = new PdfWriter().addPage(100, 100);
    expect(() => page.drawText('Łukasz', { x: 0, y: 0, size: 10, font: HELVETICA, colour: INK })).toThrow(
      'Helvetica cannot draw "Ł" (U+0141): it is not in WinAnsi',
    );
    expect(() => HELVETICA_BOLD.widthOfTextAtSize('😊', 10)).toThrow('(U+1F60A)');
  });
});

describe('PdfLayout on the writer', () => {
  it('cleans text the fonts cannot draw as before: accents dropped, plain forms, "?" for the rest', async () => {
    const layout = await PdfLayout.create({ title: 'Zoë Łukasiewicz 😊', footer: 'Erdős', now: CREATED });
    layout.paragraph('Dvořák – Đorđe 眼科');
    const pdf = await pdfText(await layout.save());
    expect(pdf.title).toBe('Zoë Lukasiewicz ?');
    expect(pdf.pages[0]!.runs).toContain('Zoë Lukasiewicz ?');
    expect(pdf.pages[0]!.runs).toContain('Dvorák – Dorde ??');
    expect(pdf.pages[0]!.runs).toContain('Erdos - page 1 of 1');
  });
});
