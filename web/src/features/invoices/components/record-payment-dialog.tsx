import { useState } from 'react';
import { formatCents, parseDollars } from '../../../../../core/rules/invoice-balance';
import {
  OFFLINE_METHODS,
  SETTLEMENT_METHOD_LABELS,
  recordOfflinePaymentInputSchema,
  type CustomerInvoice,
} from '../../../../../core/schemas/invoice';
import { ReloadLatestAlert } from '../../../components/reload-latest-alert';
import { FormDialog } from '../../../components/ui/form-dialog';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { useVersionConflict } from '../../../hooks/use-version-conflict';
import { checkForm, formMessageFor, serverFormErrors, type FormErrors } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';
import { useRecordOfflinePayment } from '../api/invoice-queries';
import { NOT_MONEY, dollarsText } from '../model/pay-amounts';
import layout from '../../../components/form-layout.module.css';
import { INVOICE_CONFLICT } from './void-invoice-dialog';

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
export function RecordPaymentDialog({
  invoice,
  onReload,
  onClose,
}: {
  invoice: CustomerInvoice;
  onReload: () => Promise<unknown>;
  onClose: () => void;
}) {
  const mutation = useRecordOfflinePayment();
  const [values, setValues] = useState({
    method: '',
    amount: dollarsText(Math.max(0, invoice.balanceCents)),
    reference: '',
    receivedOn: today(),
  });
  const [errors, setErrors] = useState<FormErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const { conflict, clearConflict, caught, reloading, reload } = useVersionConflict(onReload);
  const busy = mutation.isPending || reloading;
  const cents = parseDollars(values.amount);
  const excess = cents !== null && cents > invoice.balanceCents ? cents - Math.max(0, invoice.balanceCents) : 0;

  const set = (key: keyof typeof values) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [key]: event.target.value }));
    setErrors(({ [key === 'amount' ? 'amountCents' : key]: _cleared, ...rest }) => rest);
  };

  async function submit() {
    if (busy) return;
    setFormError(null);
    clearConflict();
    if (cents === null) {
      setErrors({ amountCents: NOT_MONEY });
      return;
    }
    const checked = checkForm(recordOfflinePaymentInputSchema, {
      invoiceNumber: invoice.invoiceNumber,
      version: invoice.version,
      method: values.method || undefined,
      amountCents: cents,
      ...(values.reference.trim() ? { reference: values.reference } : {}),
      ...(values.receivedOn ? { receivedOn: values.receivedOn } : {}),
    });
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    try {
      await mutation.mutateAsync(checked.data);
      notify.success(`${formatCents(cents)} recorded on invoice ${invoice.invoiceNumber}.`);
      onClose();
    } catch (error) {
      if (caught(error)) return;
      const fieldErrors = serverFormErrors(error);
      setErrors(fieldErrors);
      setFormError(formMessageFor(error, fieldErrors, 'The payment could not be recorded.'));
    }
  }

  return (
    <FormDialog
      title={`Record a payment on ${invoice.invoiceNumber}`}
      formId="record-offline-payment"
      busy={busy}
      submitLabel="Record payment"
      onSubmit={submit}
      onClose={onClose}
      intro={`Balance ${formatCents(Math.max(0, invoice.balanceCents))} on account ${invoice.accountNumber}.`}
      formError={formError}
    >
      {conflict ? (
        <ReloadLatestAlert title={INVOICE_CONFLICT} reloading={reloading} onReload={() => void reload()}>
          What you typed is kept: reload, check the balance, then record the payment again.
        </ReloadLatestAlert>
      ) : null}
      <div className={layout.row}>
        <SelectField
          label="Received as"
          placeholder="Choose…"
          options={METHOD_OPTIONS}
          value={values.method}
          error={errors.method}
          disabled={busy}
          onChange={set('method')}
        />
        <TextField
          label="Amount ($)"
          inputMode="decimal"
          autoComplete="off"
          maxLength={12}
          value={values.amount}
          error={errors.amountCents}
          hint={
            excess > 0
              ? `${formatCents(excess)} more than the balance: it becomes the account's lens credit.`
              : undefined
          }
          disabled={busy}
          onChange={set('amount')}
        />
      </div>
      <div className={layout.row}>
        <TextField
          label="Reference (optional)"
          hint="Cheque number or transfer reference."
          autoComplete="off"
          maxLength={80}
          value={values.reference}
          error={errors.reference}
          disabled={busy}
          onChange={set('reference')}
        />
        <TextField
          label="Received on"
          type="date"
          value={values.receivedOn}
          error={errors.receivedOn}
          disabled={busy}
          onChange={set('receivedOn')}
        />
      </div>
    </FormDialog>
  );
}
