import { useState } from 'react';
import { refundableOnInvoice } from '../../../../../core/rules/refunds';
import { refundPaymentInputSchema } from '../../../../../core/schemas/payments';
import { FormDialog } from '../../../components/ui/form-dialog';
import { SelectField } from '../../../components/ui/select-field';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { TextField } from '../../../components/ui/text-field';
import { usePortalForm } from '../../../forms/use-portal-form';
import type { FormErrors } from '../../../lib/form-errors';
import { dollarsText, formatCents, parseDollars, DOLLAR_INPUT } from '../../../lib/money-text';
import { notify } from '../../../lib/notify';
import { useRefundPayment } from '../api/invoice-queries';
import { NOT_MONEY } from '../model/pay-amounts';
import { issuedText } from './invoice-format';
import type { InvoiceActionProps } from './void-invoice-dialog';
import layout from '../../../components/form-layout.module.css';

type Invoice = InvoiceActionProps['invoice'];

/** The card payments on an invoice with something left to refund, oldest first. */
export function refundablePayments(invoice: Invoice): { paymentId: string; at: string; refundableCents: number }[] {
  const firstAt = new Map<string, string>();
  for (const s of invoice.settlements)
    if (s.method === 'card' && s.paymentId && !firstAt.has(s.paymentId)) firstAt.set(s.paymentId, s.at);
  return [...firstAt]
    .map(([paymentId, at]) => ({ paymentId, at, refundableCents: refundableOnInvoice(invoice, paymentId) }))
    .filter((p) => p.refundableCents > 0);
}

/**
 * Refunds part or all of a card payment on this invoice (billing permission). The refund id is made once per
 * dialog, so a double click or a retry after a lost answer refunds once; the invoice is owed the amount again.
 */
export function RefundDialog({ invoice, onReload, onClose }: InvoiceActionProps) {
  const mutation = useRefundPayment();
  const [refundId] = useState(() => crypto.randomUUID());
  const payments = refundablePayments(invoice);
  const first = payments[0];
  const form = usePortalForm({
    formId: 'refund-payment',
    initial: {
      paymentId: first?.paymentId ?? '',
      amountCents: dollarsText(first?.refundableCents ?? 0),
      reason: '',
    },
    schema: refundPaymentInputSchema,
    input: (values) => ({
      refundId,
      paymentId: values.paymentId,
      invoiceNumber: invoice.invoiceNumber,
      amountCents: parseDollars(values.amountCents) ?? 0,
      reason: values.reason,
    }),
    check: (values): FormErrors => (parseDollars(values.amountCents) === null ? { amountCents: NOT_MONEY } : {}),
    failureMessage: 'The refund could not be made.',
    onReload,
    submit: async (input) => {
      await mutation.mutateAsync(input);
      notify.success(`${formatCents(input.amountCents)} refunded on invoice ${invoice.invoiceNumber}.`);
      onClose();
    },
  });
  const busy = form.busy || form.conflict.reloading;
  const chosen = payments.find((p) => p.paymentId === form.values.paymentId);
  const label = (p: (typeof payments)[number]) =>
    `Card payment of ${issuedText(p.at)}: ${formatCents(p.refundableCents)} refundable`;

  return (
    <FormDialog
      title={`Refund a card payment on ${invoice.invoiceNumber}`}
      formId={form.formId}
      busy={busy}
      submitLabel="Refund"
      submitVariant="danger"
      onSubmit={form.submit}
      onClose={onClose}
      intro="The money goes back to the card through the card gateway. The invoice is owed that amount again, and the payer gets a refund receipt by email."
      formError={form.formError}
    >
      {payments.length > 1 ? (
        <SelectField
          label="Payment"
          options={payments.map((p) => ({ value: p.paymentId, label: label(p) }))}
          disabled={busy}
          {...form.field('paymentId')}
        />
      ) : first ? (
        <p>{label(first)}</p>
      ) : null}
      <div className={layout.row}>
        <TextField
          label="Refund ($)"
          {...DOLLAR_INPUT}
          hint={chosen ? `At most ${formatCents(chosen.refundableCents)}.` : undefined}
          disabled={busy}
          {...form.field('amountCents')}
        />
      </div>
      <TextAreaField
        label="Reason"
        hint="Shown to the payer on the refund receipt."
        required
        maxLength={500}
        disabled={busy}
        {...form.field('reason')}
      />
    </FormDialog>
  );
}
