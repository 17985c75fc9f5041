import { LOAD_MESSAGES } from '../../../../../core/messages';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { isPayable } from '../../../../../core/rules/invoice-balance';
import type { CustomerInvoice } from '../../../../../core/schemas/invoices';
import { LoadFailed } from '../../../components/load-failed';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { LoadingLine } from '../../../components/ui/spinner';
import { findInvoice, invoiceQueryOptions } from '../api/invoice-queries';
import { invoiceKeys } from '../api/query-keys';
import { InvoiceDetail, type OrderHref } from './invoice-detail';
import styles from './invoices.module.css';

export const notFoundText = (accountCount: number) =>
  accountCount > 1 ? 'No invoice with that number for your accounts' : 'No invoice with that number for this account';

/**
 * The practice's invoice detail, opened from the list, from "Find an invoice" or from an emailed link
 * (`?invoice=INV-1&account=BV-1001`). `accounts` are the accounts the number is looked up in, in order;
 * `invoiceNumber` null means the link's number cannot be an invoice number (nothing is asked).
 */
export function InvoiceDetailDialog({
  invoiceNumber,
  accounts,
  orderHref,
  canPay,
  onPay,
  onClose,
}: {
  invoiceNumber: string | null;
  accounts: readonly string[];
  orderHref: OrderHref;
  /** False while a payment is under way (the selection is locked). */
  canPay: boolean;
  onPay: (invoice: CustomerInvoice) => void;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: invoiceKeys.find(invoiceNumber, accounts),
    queryFn: () =>
      findInvoice(invoiceNumber ?? '', accounts, (number, account) =>
        queryClient.fetchQuery(invoiceQueryOptions(number, account)),
      ),
    enabled: invoiceNumber !== null && accounts.length > 0,
    retry: false,
  });
  const invoice = query.data ?? null;
  const payable = invoice !== null && isPayable(invoice.status) && invoice.balanceCents > 0;

  let body;
  if (invoiceNumber === null || accounts.length === 0 || (query.isSuccess && !invoice))
    body = <Alert tone="warning">{notFoundText(accounts.length)}.</Alert>;
  else if (query.isPending) body = <LoadingLine className={styles.loading}>Loading the invoice…</LoadingLine>;
  else if (query.isError) body = <LoadFailed title={LOAD_MESSAGES.invoice} onRetry={() => void query.refetch()} />;
  else if (invoice) body = <InvoiceDetail invoice={invoice} orderHref={orderHref} />;

  return (
    <Dialog
      title={`Invoice ${invoice?.invoiceNumber ?? invoiceNumber ?? ''}`.trim()}
      size="lg"
      onDismiss={onClose}
      actions={
        <>
          {payable ? (
            <Button onClick={() => onPay(invoice)} disabled={!canPay}>
              Pay this invoice
            </Button>
          ) : null}
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
        </>
      }
    >
      {body}
    </Dialog>
  );
}
