import { formatCents } from '../../core/rules/invoice-balance';
import { AGING_BUCKET_LABELS, AGING_BUCKETS, monthForPeople, STATEMENT_LINE_LABELS } from '../../core/rules/statements';
import type { CustomerRecord } from '../../core/schemas/customers/customer-info';
import type { Statement } from '../../core/schemas/statements';
import { LAB, PdfLayout, type TableColumn } from './pdf-layout';

const LINE_COLUMNS: TableColumn[] = [
  { header: 'Date', weight: 13 },
  { header: 'Activity', weight: 21, wrap: true },
  { header: 'Invoice', weight: 16, wrap: true },
  { header: 'Reference', weight: 14, wrap: true },
  { header: 'Charges', weight: 12, align: 'right' },
  { header: 'Payments and credits', weight: 14, align: 'right' },
  { header: 'Balance', weight: 12, align: 'right' },
];

const AGING_COLUMNS: TableColumn[] = AGING_BUCKETS.map((bucket) => ({
  header: AGING_BUCKET_LABELS[bucket],
  weight: 1,
  align: 'right' as const,
}));

/**
 * An account's statement for a month, one PDF per stored version (the statement never changes, so neither does
 * its PDF): the opening balance, every line of the month with the balance after it, the totals that reconcile
 * to the closing balance, and the aging of what is owed. Its date is the statement's own issue time, so the same
 * version always renders to the same bytes.
 */
export async function renderStatementPdf(statement: Statement, practice: CustomerRecord | null): Promise<Uint8Array> {
  const month = monthForPeople(statement.month);
  const title = `Statement ${statement.month}${statement.version > 1 ? ` (version ${statement.version})` : ''}`;
  const layout = await PdfLayout.create({
    title,
    subject: `Statement of account ${statement.accountNumber} for ${month}`,
    footer: `${LAB.legalName} - Statement ${statement.month} - account ${statement.accountNumber}`,
    now: new Date(statement.issuedAt),
    paper: 'Letter',
  });

  layout.fieldBlocks([
    {
      title: 'Statement for',
      fields: [
        { label: '', value: practice?.company ?? statement.practiceName },
        { label: 'Account', value: statement.accountNumber },
      ],
    },
    {
      title: 'Statement',
      fields: [
        { label: 'Period', value: `${statement.periodFrom} to ${statement.periodTo}` },
        { label: 'Issued', value: statement.issuedAt.slice(0, 10) },
        ...(statement.version > 1 ? [{ label: 'Version', value: `${statement.version} (a correction)` }] : []),
      ],
    },
  ]);

  const rows: string[][] = [
    [statement.periodFrom, 'Opening balance', '', '', '', '', formatCents(statement.openingCents)],
    ...statement.lines.map((line) => [
      line.day,
      STATEMENT_LINE_LABELS[line.kind],
      line.invoiceNumber ?? '',
      line.reference ?? '',
      line.column === 'charges' ? formatCents(line.amountCents) : '',
      line.column === 'charges' ? '' : formatCents(line.amountCents),
      formatCents(line.balanceAfterCents),
    ]),
  ];
  layout.table(LINE_COLUMNS, rows, 14);

  layout.summary([
    { label: 'Opening balance', value: formatCents(statement.openingCents) },
    { label: 'Charges', value: formatCents(statement.chargesCents) },
    { label: 'Payments', value: `-${formatCents(statement.paymentsCents)}` },
    { label: 'Credits', value: `-${formatCents(statement.creditsCents)}` },
    { label: 'Closing balance', value: formatCents(statement.closingCents), bold: true },
  ]);

  layout.paragraph(`What was owed on ${statement.periodTo}, by days past due`, { bold: true, before: 16 });
  layout.table(AGING_COLUMNS, [AGING_BUCKETS.map((bucket) => formatCents(statement.aging[bucket]))], 6);

  if (statement.correctionReason)
    layout.paragraph(`This version corrects the statement sent before: ${statement.correctionReason}`, {
      size: 9,
      before: 14,
    });
  layout.paragraph(
    `Pay online on the Pay Online page of the portal, or by check to ${LAB.legalName}. Questions: ${LAB.contact}.`,
    { size: 9, before: 14 },
  );
  return layout.save();
}
