import { useState } from 'react';
import { applyCreditToInvoiceInputSchema } from '../../../../../core/schemas/credit';
import { Alert } from '../../../components/ui/alert';
import { FormDialog } from '../../../components/ui/form-dialog';
import { LoadingLine } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { usePortalForm } from '../../../forms/use-portal-form';
import type { FormErrors } from '../../../lib/form-errors';
import { dollarsText, formatCents, parseDollars, DOLLAR_INPUT } from '../../../lib/money-text';
import { notify } from '../../../lib/notify';
import { useAccountCredit, useApplyCreditToInvoice } from '../api/invoice-queries';
import { NOT_MONEY } from '../model/pay-amounts';
import type { InvoiceActionProps } from './void-invoice-dialog';

/** Applies the account's lens credit to this invoice (billing permission), at most its balance and the credit. */
export function ApplyCreditDialog(props: InvoiceActionProps) {
  const credit = useAccountCredit(props.invoice.accountNumber);
  if (!credit.data)
    return (
      <FormDialog
        title={`Apply credit to ${props.invoice.invoiceNumber}`}
        formId="apply-credit-loading"
        busy={credit.isPending}
        submitLabel="Apply credit"
        submitDisabled
        onSubmit={() => {}}
        onClose={props.onClose}
        formError={null}
      >
        {credit.isPending ? (
          <LoadingLine>Loading the account’s credit…</LoadingLine>
        ) : (
          <Alert tone="error">The account’s credit could not be loaded.</Alert>
        )}
      </FormDialog>
    );
  return <ApplyCreditForm {...props} availableCents={credit.data.availableCents} />;
}

function ApplyCreditForm({
  invoice,
  onReload,
  onClose,
  availableCents,
}: InvoiceActionProps & { availableCents: number }) {
  const mutation = useApplyCreditToInvoice();
  const [entryId] = useState(() => crypto.randomUUID());
  const owed = Math.max(0, invoice.balanceCents);
  const form = usePortalForm({
    formId: 'apply-credit',
    initial: { amountCents: dollarsText(Math.min(owed, availableCents)) },
    schema: applyCreditToInvoiceInputSchema,
    input: (values) => ({
      entryId,
      invoiceNumber: invoice.invoiceNumber,
      amountCents: parseDollars(values.amountCents) ?? 0,
    }),
    check: (values): FormErrors => (parseDollars(values.amountCents) === null ? { amountCents: NOT_MONEY } : {}),
    failureMessage: 'The credit could not be applied.',
    onReload,
    submit: async (input) => {
      await mutation.mutateAsync(input);
      notify.success(`${formatCents(input.amountCents)} of lens credit applied to invoice ${invoice.invoiceNumber}.`);
      onClose();
    },
  });
  const busy = form.busy || form.conflict.reloading;
  return (
    <FormDialog
      title={`Apply credit to ${invoice.invoiceNumber}`}
      formId={form.formId}
      busy={busy}
      submitLabel="Apply credit"
      onSubmit={form.submit}
      onClose={onClose}
      intro={`Account ${invoice.accountNumber} has ${formatCents(availableCents)} of lens credit; the invoice owes ${formatCents(owed)}.`}
      formError={form.formError}
    >
      <TextField label="Credit to apply ($)" {...DOLLAR_INPUT} disabled={busy} {...form.field('amountCents')} />
    </FormDialog>
  );
}
