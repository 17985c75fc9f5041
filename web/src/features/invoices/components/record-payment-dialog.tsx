import { CHANGED_MESSAGES } from '../../../../../core/messages';
import { dollarsText, formatCents, parseDollars, DOLLAR_INPUT } from '../../../lib/money-text';
import {
  OFFLINE_METHODS,
  SETTLEMENT_METHOD_LABELS,
  recordOfflinePaymentInputSchema,
} from '../../../../../core/schemas/invoices';
import { ConflictAlert } from '../../../components/reload-latest-alert';
import { FormDialog } from '../../../components/ui/form-dialog';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { usePortalForm } from '../../../forms/use-portal-form';
import type { FormErrors } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';
import { useRecordOfflinePayment } from '../api/invoice-queries';
import { NOT_MONEY } from '../model/pay-amounts';
import layout from '../../../components/form-layout.module.css';
import type { InvoiceActionProps } from './void-invoice-dialog';

const METHOD_OPTIONS = OFFLINE_METHODS.map((method) => ({ value: method, label: SETTLEMENT_METHOD_LABELS[method] }));

/** Today in the admin's own calendar (YYYY-MM-DD), the day a cheque is usually entered. */
const today = () => {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
};

/**
 * Records a cheque or bank transfer the lab received (admins), against the version read. More than the
 * balance is allowed: the server keeps the rest as the account's lens credit, and the dialog says so.
 */
export function RecordPaymentDialog({ invoice, onReload, onClose }: InvoiceActionProps) {
  const mutation = useRecordOfflinePayment();
  const form = usePortalForm({
    formId: 'record-offline-payment',
    // The amount is typed in dollars under the schema's own name, so its messages (ours and the server's)
    // show on it.
    initial: {
      method: '',
      amountCents: dollarsText(Math.max(0, invoice.balanceCents)),
      reference: '',
      receivedOn: today(),
    },
    schema: recordOfflinePaymentInputSchema,
    // Sent with the version read: an invoice paid or voided meanwhile is a 409, not a second payment.
    input: (values) => ({
      invoiceNumber: invoice.invoiceNumber,
      version: invoice.version,
      method: values.method as (typeof OFFLINE_METHODS)[number],
      amountCents: parseDollars(values.amountCents) ?? 0,
      ...(values.reference.trim() ? { reference: values.reference } : {}),
      ...(values.receivedOn ? { receivedOn: values.receivedOn } : {}),
    }),
    check: (values): FormErrors => (parseDollars(values.amountCents) === null ? { amountCents: NOT_MONEY } : {}),
    failureMessage: 'The payment could not be recorded.',
    onReload,
    submit: async (input) => {
      await mutation.mutateAsync(input);
      notify.success(`${formatCents(input.amountCents)} recorded on invoice ${invoice.invoiceNumber}.`);
      onClose();
    },
  });
  const { conflict, values } = form;
  const busy = form.busy || conflict.reloading;
  const cents = parseDollars(values.amountCents);
  const excess = cents !== null && cents > invoice.balanceCents ? cents - Math.max(0, invoice.balanceCents) : 0;

  return (
    <FormDialog
      title={`Record a payment on ${invoice.invoiceNumber}`}
      formId={form.formId}
      busy={busy}
      submitLabel="Record payment"
      onSubmit={form.submit}
      onClose={onClose}
      intro={`Balance ${formatCents(Math.max(0, invoice.balanceCents))} on account ${invoice.accountNumber}.`}
      formError={form.formError}
    >
      <ConflictAlert conflict={conflict} title={CHANGED_MESSAGES.invoice}>
        What you typed is kept: reload, check the balance, then record the payment again.
      </ConflictAlert>
      <div className={layout.row}>
        <SelectField
          label="Received as"
          placeholder="Choose…"
          options={METHOD_OPTIONS}
          disabled={busy}
          {...form.field('method')}
        />
        <TextField
          label="Amount ($)"
          {...DOLLAR_INPUT}
          {...form.field('amountCents')}
          hint={
            excess > 0
              ? `${formatCents(excess)} more than the balance: it becomes the account's lens credit.`
              : undefined
          }
          disabled={busy}
        />
      </div>
      <div className={layout.row}>
        <TextField
          label="Reference (optional)"
          hint="Check number or transfer reference."
          autoComplete="off"
          maxLength={80}
          disabled={busy}
          {...form.field('reference')}
        />
        <TextField label="Received on" type="date" disabled={busy} {...form.field('receivedOn')} />
      </div>
    </FormDialog>
  );
}
