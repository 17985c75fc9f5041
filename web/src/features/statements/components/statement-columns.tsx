import { AGING_BUCKETS, monthForPeople } from '../../../../../core/rules/statements';
import type { StatementSummary } from '../../../../../core/schemas/statements';
import type { Column } from '../../../components/ui/data-table';
import { Button } from '../../../components/ui/button';
import { formatCents } from '../../../lib/money-text';
import { useDownloadStatementPdf } from '../api/statement-queries';

/** What was past due at the month's end: every aging bucket but current. */
export const pastDueOf = (statement: Pick<StatementSummary, 'aging'>) =>
  AGING_BUCKETS.filter((bucket) => bucket !== 'current').reduce((sum, bucket) => sum + statement.aging[bucket], 0);

export const statementKey = (s: Pick<StatementSummary, 'accountNumber' | 'month' | 'version'>) =>
  `${s.accountNumber}|${s.month}|${s.version}`;

/** "November 2026", and "(corrected, version 2)" on a correction. */
export function statementTitle(statement: Pick<StatementSummary, 'month' | 'version'>): string {
  const month = monthForPeople(statement.month);
  return statement.version > 1 ? `${month} (corrected, version ${statement.version})` : month;
}

function DownloadButton({ statement }: { statement: StatementSummary }) {
  const download = useDownloadStatementPdf();
  return (
    <Button
      variant="secondary"
      loading={download.isPending}
      aria-label={`Download the PDF of ${statementTitle(statement)}, account ${statement.accountNumber}`}
      onClick={() =>
        download.mutate({ accountNumber: statement.accountNumber, month: statement.month, version: statement.version })
      }
    >
      {download.isError ? 'Try again' : 'PDF'}
    </Button>
  );
}

/** The money columns both lists share, and the PDF download. */
export function statementColumns(): Column<StatementSummary>[] {
  const money = (key: string, header: string, cents: (s: StatementSummary) => number): Column<StatementSummary> => ({
    key,
    header,
    numeric: true,
    render: (s) => formatCents(cents(s)),
  });
  return [
    money('opening', 'Opening', (s) => s.openingCents),
    money('charges', 'Charges', (s) => s.chargesCents),
    money('payments', 'Payments', (s) => s.paymentsCents),
    money('credits', 'Credits', (s) => s.creditsCents),
    money('closing', 'Closing', (s) => s.closingCents),
    money('pastDue', 'Past due', pastDueOf),
    { key: 'pdf', header: 'PDF', actions: true, render: (s) => <DownloadButton statement={s} /> },
  ];
}
