import { useState } from 'react';
import { voidInvoiceInputSchema, type CustomerInvoice } from '../../../../../core/schemas/invoice';
import { ReloadLatestAlert } from '../../../components/reload-latest-alert';
import { FormDialog } from '../../../components/ui/form-dialog';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { useVersionConflict } from '../../../hooks/use-version-conflict';
import { checkForm, formMessageFor, serverFormErrors } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';
import { useVoidInvoice } from '../api/invoice-queries';

export const INVOICE_CONFLICT = 'This invoice changed since you opened it. Reload to see the latest.';

/**
 * Voids an invoice (admins): a reason is required (it is kept on the invoice and shown to the practice),
 * sent with the version read, so a payment recorded meanwhile is not voided blindly (409, reload).
 */
export function VoidInvoiceDialog({
  invoice,
  onReload,
  onClose,
}: {
  invoice: CustomerInvoice;
  onReload: () => Promise<unknown>;
  onClose: () => void;
}) {
  const mutation = useVoidInvoice();
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const { conflict, clearConflict, caught, reloading, reload } = useVersionConflict(onReload);
  const busy = mutation.isPending || reloading;

  async function submit() {
    if (busy) return;
    setReasonError(undefined);
    setFormError(null);
    clearConflict();
    const checked = checkForm(voidInvoiceInputSchema, {
      invoiceNumber: invoice.invoiceNumber,
      version: invoice.version,
      reason,
    });
    if (!checked.ok) {
      setReasonError(checked.errors.reason ?? Object.values(checked.errors)[0]);
      return;
    }
    try {
      await mutation.mutateAsync(checked.data);
      notify.success(`Invoice ${invoice.invoiceNumber} voided.`);
      onClose();
    } catch (error) {
      if (caught(error)) return;
      const errors = serverFormErrors(error);
      setReasonError(errors.reason);
      setFormError(formMessageFor(error, errors, 'The invoice could not be voided.'));
    }
  }

  return (
    <FormDialog
      title={`Void invoice ${invoice.invoiceNumber}?`}
      formId="void-invoice"
      busy={busy}
      submitLabel="Void invoice"
      submitVariant="danger"
      onSubmit={submit}
      onClose={onClose}
      intro="A void invoice is no longer owed and cannot be paid. The practice sees it as void, with your reason."
      formError={formError}
    >
      {conflict ? (
        <ReloadLatestAlert title={INVOICE_CONFLICT} reloading={reloading} onReload={() => void reload()}>
          Your reason is kept: reload, check the invoice, then void it again.
        </ReloadLatestAlert>
      ) : null}
      <TextAreaField
        label="Reason"
        hint="Shown to the practice on the invoice."
        required
        maxLength={500}
        value={reason}
        error={reasonError}
        disabled={busy}
        data-autofocus
        onChange={(event) => setReason(event.target.value)}
      />
    </FormDialog>
  );
}
