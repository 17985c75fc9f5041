import { CHANGED_MESSAGES } from '../../../../../core/messages';
import { voidInvoiceInputSchema, type CustomerInvoice } from '../../../../../core/schemas/invoices';
import { ConflictAlert } from '../../../components/reload-latest-alert';
import { FormDialog } from '../../../components/ui/form-dialog';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { usePortalForm } from '../../../forms/use-portal-form';
import { notify } from '../../../lib/notify';
import { useVoidInvoice } from '../api/invoice-queries';

/** What the lab's dialogs on one invoice get: the invoice as read, and what to do after a conflict or when done. */
export interface InvoiceActionProps {
  invoice: CustomerInvoice;
  onReload: () => Promise<unknown>;
  onClose: () => void;
}

/**
 * Voids an invoice (admins): a reason is required (it is kept on the invoice and shown to the practice),
 * sent with the version read, so a payment recorded meanwhile is not voided blindly (409, reload).
 */
export function VoidInvoiceDialog({ invoice, onReload, onClose }: InvoiceActionProps) {
  const mutation = useVoidInvoice();
  const form = usePortalForm({
    formId: 'void-invoice',
    initial: { reason: '' },
    schema: voidInvoiceInputSchema,
    // Sent with the version read: a payment recorded meanwhile is a 409, not a blind void.
    input: (values) => ({ invoiceNumber: invoice.invoiceNumber, version: invoice.version, reason: values.reason }),
    failureMessage: 'The invoice could not be voided.',
    onReload,
    submit: async (input) => {
      await mutation.mutateAsync(input);
      notify.success(`Invoice ${invoice.invoiceNumber} voided.`);
      onClose();
    },
  });
  const { conflict } = form;
  const busy = form.busy || conflict.reloading;

  return (
    <FormDialog
      title={`Void invoice ${invoice.invoiceNumber}?`}
      formId={form.formId}
      busy={busy}
      submitLabel="Void invoice"
      submitVariant="danger"
      onSubmit={form.submit}
      onClose={onClose}
      intro="A void invoice is no longer owed and cannot be paid. The practice sees it as void, with your reason."
      formError={form.formError}
    >
      <ConflictAlert conflict={conflict} title={CHANGED_MESSAGES.invoice}>
        Your reason is kept: reload, check the invoice, then void it again.
      </ConflictAlert>
      <TextAreaField
        label="Reason"
        hint="Shown to the practice on the invoice."
        required
        maxLength={500}
        disabled={busy}
        data-autofocus
        {...form.field('reason')}
      />
    </FormDialog>
  );
}
