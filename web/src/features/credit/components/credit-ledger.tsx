import { pagePaths } from '../../../../../core/page-paths';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { formatCents } from '../../../lib/money-text';
import { CREDIT_REASON_LABELS, type CreditEntry } from '../../../../../core/schemas/credit';
import { CursorTable } from '../../../components/cursor-table';
import { ListCount } from '../../../components/list-count';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import type { Column } from '../../../components/ui/data-table';
import { useCursorPages } from '../../../hooks/use-cursor-pages';
import { failureMessage } from '../../../lib/form-errors';
import { dateTime } from '../../../lib/format-time';
import { exportCreditLedger, useCreditLedger } from '../api/credit-queries';
import { dateOnly, entryWhat, signedAmount, signedCents } from './credit-format';
import { downloadTextFile } from './download-text-file';
import styles from './credit.module.css';

type Entry = Omit<CreditEntry, 'by'>;

/** "Export CSV": the server builds the file; the browser saves it under the server's file name. */
function ExportButton({ accountNumber }: { accountNumber: string }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function run() {
    setBusy(true);
    setError(null);
    try {
      const { filename, csv } = await exportCreditLedger(accountNumber);
      downloadTextFile(filename, csv);
    } catch (failure) {
      setError(failureMessage(failure, 'The ledger could not be exported. Please try again.'));
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className={styles.export}>
      <Button size="sm" variant="secondary" loading={busy} onClick={() => void run()}>
        Export CSV
      </Button>
      {error ? <Alert tone="error">{error}</Alert> : null}
    </div>
  );
}

/** The account's credit ledger, newest first, a page at a time, with the CSV export for reconciliation. */
export function CreditLedger({ accountNumber }: { accountNumber: string }) {
  const pages = useCursorPages();
  const query = useCreditLedger(accountNumber, pages.cursor ?? null);
  const items = query.data?.items ?? [];

  const columns: Column<Entry>[] = [
    {
      key: 'date',
      header: 'Date',
      primary: true,
      render: (entry) => (
        <time dateTime={entry.at} title={dateTime(entry.at)}>
          {dateOnly(entry.at)}
        </time>
      ),
    },
    {
      key: 'what',
      header: 'What',
      render: (entry) => (
        <span className={styles.stack}>
          <span>{entryWhat(entry)}</span>
          {entry.note ? <span className={styles.muted}>{entry.note}</span> : null}
        </span>
      ),
    },
    { key: 'reason', header: 'Reason', render: (entry) => CREDIT_REASON_LABELS[entry.reason] },
    {
      key: 'amount',
      header: 'Amount',
      numeric: true,
      render: (entry) => (
        <span className={signedCents(entry) >= 0 ? styles.plus : styles.minus}>{signedAmount(entry)}</span>
      ),
    },
    {
      key: 'balance',
      header: 'Balance after',
      numeric: true,
      render: (entry) => formatCents(entry.balanceAfterCents),
    },
    {
      key: 'links',
      header: 'Links',
      render: (entry) => (
        <span className={styles.stack}>
          {entry.orderId ? (
            <Link to={pagePaths.order(entry.orderId)}>
              Order {entry.orderNumber ?? ''}
              {entry.eye ? ` (${entry.eye})` : ''}
            </Link>
          ) : null}
          {entry.invoiceNumber ? <span>Invoice {entry.invoiceNumber}</span> : null}
          {!entry.orderId && !entry.invoiceNumber ? '—' : null}
        </span>
      ),
    },
  ];

  return (
    <>
      <div className={styles.ledgerBar}>
        <ListCount
          className={styles.count}
          query={query}
          loading="Loading the ledger…"
          count={items.length}
          noun={['entry', 'entries']}
          detail="on this page, newest first"
        />
        <ExportButton accountNumber={accountNumber} />
      </div>
      <CursorTable
        query={query}
        pages={pages}
        failed="The ledger could not be loaded"
        empty={{
          title: pages.page > 1 ? 'No more entries' : 'No credit entries yet',
          body:
            pages.page > 1
              ? null
              : 'Credits from cancellations, defects and goodwill, and credit used, are listed here.',
        }}
        table={{
          caption: 'Credit ledger, newest first',
          columns,
          rowKey: (entry) => entry.entryId,
          pager: 'Credit ledger',
        }}
      />
    </>
  );
}
