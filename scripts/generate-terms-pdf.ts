/**
 * Writes web/public/terms.pdf, the demo Terms and Conditions document the terms page shows (spec 2 "Terms
 * page") and the sign-up form links to. Laid out with the shared PDF page setup (lambdas/documents/pdf-layout.ts,
 * the standard Helvetica fonts); the creation date is fixed, so the same text gives the same bytes.
 * Run: `npx tsx scripts/generate-terms-pdf.ts` after editing the text below.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { COLOURS, PdfLayout } from '../lambdas/documents/pdf-layout';

export const TERMS_PDF_PATH = fileURLToPath(new URL('../web/public/terms.pdf', import.meta.url));

export type Block = { kind: 'title' | 'subtitle' | 'heading' | 'paragraph' | 'note'; text: string };

export const DOCUMENT: Block[] = [
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

const STYLE: Record<Block['kind'], { bold: boolean; size: number; before: number; leading: number }> = {
  title: { bold: true, size: 17, before: 0, leading: 22 },
  subtitle: { bold: false, size: 10, before: 4, leading: 14 },
  note: { bold: false, size: 9, before: 6, leading: 12 },
  heading: { bold: true, size: 11.5, before: 12, leading: 16 },
  paragraph: { bold: false, size: 10, before: 3, leading: 14 },
};

const TITLE = 'Lenslab Optical Laboratory - Terms and Conditions';

/** The terms document's bytes (A4). */
export async function renderTermsPdf(blocks: Block[] = DOCUMENT): Promise<Uint8Array> {
  const layout = await PdfLayout.create({
    title: TITLE,
    subject: 'Terms and Conditions of the customer portal',
    footer: TITLE,
    now: new Date('2025-01-01T00:00:00Z'),
    header: false,
  });
  for (const block of blocks) {
    const style = STYLE[block.kind];
    const lines = layout.wrapLines(block.text, style).length;
    // Keep a heading with the first lines of its paragraph.
    layout.ensureSpace(style.before + style.leading * (block.kind === 'heading' ? 3 : Math.min(lines, 2)));
    layout.paragraph(block.text, { ...style, colour: block.kind === 'note' ? COLOURS.muted : COLOURS.ink });
  }
  return layout.save();
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const pdf = await renderTermsPdf();
  writeFileSync(TERMS_PDF_PATH, pdf);
  console.info(`Wrote ${TERMS_PDF_PATH} (${pdf.length} bytes)`);
}
