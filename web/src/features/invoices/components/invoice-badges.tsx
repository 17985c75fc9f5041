import { INVOICE_STATUS_LABELS, type InvoiceStatus } from '../../../../../core/schemas/invoices';
import { Badge } from '../../../components/ui/badge';
import { STATUS_TONES, overdueText } from './invoice-format';

export function InvoiceStatusBadge({ status }: { status: InvoiceStatus }) {
  return <Badge tone={STATUS_TONES[status]}>{INVOICE_STATUS_LABELS[status]}</Badge>;
}

/** "Overdue 5 days" in red; nothing for an invoice that is not overdue. */
export function OverdueBadge({ invoice }: { invoice: { dueDate: string; status: InvoiceStatus; overdue: boolean } }) {
  if (!invoice.overdue) return null;
  return <Badge tone="danger">{overdueText(invoice)}</Badge>;
}
