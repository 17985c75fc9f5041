/**
 * Writes web/public/terms.pdf, the demo Terms and Conditions document the terms page shows (spec 2 "Terms
 * page") and the sign-up form links to. The PDF bytes are written by hand (PDF 1.4, the standard Helvetica
 * fonts, text wrapped with Helvetica's metrics), so no package is needed and the output is deterministic.
 * Run: `npx tsx scripts/generate-terms-pdf.ts` after editing the text below.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const OUTPUT = fileURLToPath(new URL('../web/public/terms.pdf', import.meta.url));

type Block = { kind: 'title' | 'subtitle' | 'heading' | 'paragraph' | 'note'; text: string };

const DOCUMENT: Block[] = [
  { kind: 'title', text: 'Lenslab Optical Laboratory - Terms and Conditions' },
  {
    kind: 'subtitle',
    text: 'Customer portal and custom contact lens orders. Version 1.0.1, effective 1 January 2025.',
  },
  {
    kind: 'note',
    text: 'Demonstration document for the local and staging portal. The lab replaces it with its legal text before going live.',
  },
  { kind: 'heading', text: '1. Who these terms apply to' },
  {
    kind: 'paragraph',
    text: 'These terms govern the use of the Lenslab customer portal and every order for custom contact lenses (scleral, corneal gas permeable, custom soft, orthokeratology and hybrid designs) placed through it by an eye-care practice that holds a Lenslab account. By creating a portal user or placing an order you accept them on behalf of your practice.',
  },
  { kind: 'heading', text: '2. Accounts and access' },
  {
    kind: 'paragraph',
    text: 'Each practice location has an account number; a user may be linked to a main account and to additional accounts. Keep your password private and use a password that you do not use elsewhere. You are responsible for every order placed with your sign-in. Tell us at once if you suspect that someone else has used it. For security, sessions end after a period of inactivity.',
  },
  { kind: 'heading', text: '3. Orders and prescriptions' },
  {
    kind: 'paragraph',
    text: 'Orders must be placed by, or under the supervision of, a licensed eye-care practitioner and must state the patient, the eye (OD or OS) and the lens parameters. The portal refuses values outside the ranges of the chosen design. Every order is reviewed by our consultants before manufacture; we may put an order on hold to ask for information, or decline it. Measurements and files you attach (topography exports, OCT images, photographs) are used only to design and make the lenses ordered.',
  },
  { kind: 'heading', text: '4. Manufacturing and delivery' },
  {
    kind: 'paragraph',
    text: 'Lenses are usually manufactured within two to three working days of approval; surface treatments may add a day. Shipping times are estimates. Risk in the lenses passes to you on delivery to the address on the order, which may be your office or the patient.',
  },
  { kind: 'heading', text: '5. Prices and payment' },
  {
    kind: 'paragraph',
    text: 'Prices are those in force on the day the order is approved, as shown in the portal for accounts with pricing enabled. Invoices are issued when an order ships and are payable within 30 days unless your account terms say otherwise. Payments made online are applied to the invoices you select; an available lens credit may be applied to an invoice.',
  },
  { kind: 'heading', text: '6. Warranty, exchanges and lens credit' },
  {
    kind: 'paragraph',
    text: 'Within 90 days of the ship date of the final lens of an order you may ask for a parameter exchange, or cancel the lens for credit to your account. Credits are tied to the account and the original order, state their reason (exchange, cancellation, defect or goodwill) and are shown on the Lens Credit page. Shipping charges are not credited. Lenses with a manufacturing defect are replaced free of charge.',
  },
  { kind: 'heading', text: '7. Returns' },
  {
    kind: 'paragraph',
    text: 'Cancellations for credit need the lens to be returned, cleaned and disinfected, with the order number. Custom lenses cannot otherwise be returned.',
  },
  { kind: 'heading', text: '8. Responsibility and liability' },
  {
    kind: 'paragraph',
    text: 'The fitting of a lens, the prescription and the care of the patient remain the responsibility of the prescribing practitioner. We make each lens to the parameters ordered, within the tolerances of ISO 18369-2. To the extent the law allows, our liability for an order is limited to replacing the lenses or refunding their price.',
  },
  { kind: 'heading', text: '9. Privacy and data' },
  {
    kind: 'paragraph',
    text: 'We process patient and practice data only to fulfil orders, to support you and to meet our legal duties. Data is stored with our cloud provider in encrypted form, access is limited to staff who need it, and activity in the portal is recorded to protect your account. You may ask for a copy of the data we hold about your practice.',
  },
  { kind: 'heading', text: '10. Changes to these terms' },
  {
    kind: 'paragraph',
    text: 'We may change these terms. When we do, the portal asks every user to read and accept the new version before continuing.',
  },
  { kind: 'heading', text: '11. Contact' },
  {
    kind: 'paragraph',
    text: 'Lenslab Optical Laboratory, customer service: support@lenslab.example, telephone +1 555 0100, Monday to Friday 8:00 to 17:00.',
  },
];

/** Helvetica advance widths (1/1000 em) for ASCII 32..126, from the standard AFM. */
const HELVETICA_WIDTHS = [
  278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556, 556, 556,
  556, 556, 556, 278, 278, 584, 584, 584, 556, 1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833,
  722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556, 333, 556, 556, 500, 556,
  556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556, 556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334,
  260, 334, 584,
];

const STYLE: Record<Block['kind'], { font: 'F1' | 'F2'; size: number; before: number; leading: number }> = {
  title: { font: 'F2', size: 17, before: 0, leading: 22 },
  subtitle: { font: 'F1', size: 10, before: 4, leading: 14 },
  note: { font: 'F1', size: 9, before: 6, leading: 12 },
  heading: { font: 'F2', size: 11.5, before: 12, leading: 16 },
  paragraph: { font: 'F1', size: 10, before: 3, leading: 14 },
};

const PAGE = { width: 595, height: 842, margin: 56 }; // A4 in points
const TEXT_WIDTH = PAGE.width - 2 * PAGE.margin;

function textWidth(text: string, size: number, bold: boolean): number {
  const units = [...text].reduce((sum, ch) => sum + (HELVETICA_WIDTHS[ch.charCodeAt(0) - 32] ?? 556), 0);
  return (units * size * (bold ? 1.06 : 1)) / 1000; // Helvetica-Bold is about 6% wider
}

function wrap(text: string, size: number, bold: boolean): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    const candidate = line ? `${line} ${word}` : word;
    if (line && textWidth(candidate, size, bold) > TEXT_WIDTH) {
      lines.push(line);
      line = word;
    } else {
      line = candidate;
    }
  }
  if (line) lines.push(line);
  return lines;
}

const escapePdfText = (text: string) => text.replace(/[\\()]/g, (c) => `\\${c}`);

/** Lays the blocks out on pages and returns each page's content stream. */
function layOut(blocks: Block[]): string[] {
  const pages: string[][] = [[]];
  let y = PAGE.height - PAGE.margin;
  for (const block of blocks) {
    const style = STYLE[block.kind];
    const lines = wrap(block.text, style.size, style.font === 'F2');
    // Keep a heading with the first lines of its paragraph.
    const needed = style.before + style.leading * (block.kind === 'heading' ? 3 : Math.min(lines.length, 2));
    if (y - needed < PAGE.margin + 20) {
      pages.push([]);
      y = PAGE.height - PAGE.margin;
    }
    y -= style.before;
    for (const line of lines) {
      if (y - style.leading < PAGE.margin + 20) {
        pages.push([]);
        y = PAGE.height - PAGE.margin;
      }
      y -= style.leading;
      const colour = block.kind === 'note' ? '0.35 0.35 0.35 rg' : '0.05 0.16 0.23 rg';
      pages
        .at(-1)!
        .push(
          `BT /${style.font} ${style.size} Tf ${colour} ${PAGE.margin} ${y.toFixed(1)} Td (${escapePdfText(line)}) Tj ET`,
        );
    }
  }
  return pages.map((ops, index) => {
    const footer = `BT /F1 8 Tf 0.45 0.45 0.45 rg ${PAGE.margin} 30 Td (Lenslab Optical Laboratory - Terms and Conditions - page ${index + 1} of ${pages.length}) Tj ET`;
    const rule = `0.1 0.62 0.66 RG 1.2 w ${PAGE.margin} ${PAGE.height - PAGE.margin + 14} m ${PAGE.width - PAGE.margin} ${PAGE.height - PAGE.margin + 14} l S`;
    return [rule, ...ops, footer].join('\n');
  });
}

/** Serialises the objects with a correct cross-reference table. */
function buildPdf(pageStreams: string[]): Buffer {
  const objects: string[] = [];
  const fontRegular = 3;
  const fontBold = 4;
  const firstPage = 5;
  const pageIds = pageStreams.map((_, i) => firstPage + i * 2);
  objects[1] = '<< /Type /Catalog /Pages 2 0 R >>';
  objects[2] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pageIds.length} >>`;
  objects[fontRegular] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>';
  objects[fontBold] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>';
  pageStreams.forEach((stream, i) => {
    const pageId = pageIds[i]!;
    objects[pageId] =
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE.width} ${PAGE.height}] ` +
      `/Resources << /Font << /F1 ${fontRegular} 0 R /F2 ${fontBold} 0 R >> >> /Contents ${pageId + 1} 0 R >>`;
    objects[pageId + 1] = `<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`;
  });
  const infoId = objects.length;
  objects[infoId] =
    '<< /Title (Lenslab Optical Laboratory - Terms and Conditions) /Author (Lenslab Optical Laboratory) ' +
    '/Subject (Terms and Conditions of the customer portal) /CreationDate (D:20250101000000Z) >>';

  let out = '%PDF-1.4\n%\xE2\xE3\xCF\xD3\n';
  const offsets: number[] = [];
  for (let id = 1; id < objects.length; id++) {
    offsets[id] = Buffer.byteLength(out, 'latin1');
    out += `${id} 0 obj\n${objects[id]}\nendobj\n`;
  }
  const xrefAt = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length}\n0000000000 65535 f \n`;
  for (let id = 1; id < objects.length; id++) out += `${String(offsets[id]).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length} /Root 1 0 R /Info ${infoId} 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

const pdf = buildPdf(layOut(DOCUMENT));
writeFileSync(OUTPUT, pdf);
console.info(`Wrote ${OUTPUT} (${pdf.length} bytes)`);
