import { useState } from 'react';
import { formatCents, parseDollars } from '../../../../../core/rules/invoice-balance';
import { createInvoiceInputSchema, type Invoice } from '../../../../../core/schemas/invoice';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { FormDialog } from '../../../components/ui/form-dialog';
import { TextField } from '../../../components/ui/text-field';
import { checkForm, formMessageFor, serverFormErrors, type FormErrors } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';
import { useCreateInvoice } from '../api/invoice-queries';
import { NOT_MONEY } from '../model/pay-amounts';
import layout from '../../../components/form-layout.module.css';
import styles from './invoices.module.css';

interface LineValues {
  key: number;
  description: string;
  quantity: string;
  unit: string;
}

let nextLineKey = 1;
const emptyLine = (): LineValues => ({ key: nextLineKey++, description: '', quantity: '1', unit: '' });

/** The createInvoice input for what was typed, and the messages of fields that are not numbers at all. */
export function recordInvoiceInput(values: {
  accountNumber: string;
  invoiceNumber: string;
  lines: readonly Omit<LineValues, 'key'>[];
  shipping: string;
  tax: string;
  issueDate: string;
  dueDate: string;
}) {
  const errors: FormErrors = {};
  const money = (text: string, key: string) => {
    if (!text.trim()) return 0;
    const cents = parseDollars(text);
    if (cents === null) errors[key] = NOT_MONEY;
    return cents ?? 0;
  };
  const lines = values.lines.map((line, index) => {
    const quantity = /^\s*\d+\s*$/.test(line.quantity) ? Number(line.quantity) : null;
    if (quantity === null) errors[`lines.${index}.quantity`] = 'Quantity is a whole number';
    const unitCents = parseDollars(line.unit);
    if (unitCents === null) errors[`lines.${index}.unitCents`] = NOT_MONEY;
    return { description: line.description, quantity: quantity ?? 1, unitCents: unitCents ?? 0 };
  });
  const input = {
    invoiceNumber: values.invoiceNumber,
    accountNumber: values.accountNumber.trim().toUpperCase(),
    lines,
    shippingCents: money(values.shipping, 'shippingCents'),
    taxCents: money(values.tax, 'taxCents'),
    ...(values.issueDate ? { issueDate: values.issueDate } : {}),
    ...(values.dueDate ? { dueDate: values.dueDate } : {}),
  };
  return { input, errors };
}

/**
 * "Record invoice" (admins): an invoice entered by hand, e.g. for an order taken by phone. Amounts are typed
 * in dollars; the due date, left blank, follows the practice's payment terms.
 */
export function RecordInvoiceDialog({
  onClose,
  onCreated,
}: {
  onClose: () => void;
  onCreated: (invoice: Invoice) => void;
}) {
  const mutation = useCreateInvoice();
  const [values, setValues] = useState({
    accountNumber: '',
    invoiceNumber: '',
    shipping: '',
    tax: '',
    issueDate: '',
    dueDate: '',
  });
  const [lines, setLines] = useState<LineValues[]>(() => [emptyLine()]);
  const [errors, setErrors] = useState<FormErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const busy = mutation.isPending;

  const clear = (key: string) => setErrors(({ [key]: _cleared, ...rest }) => rest);
  const set =
    (key: keyof typeof values, errorKey: string = key) =>
    (event: { target: { value: string } }) => {
      setValues((current) => ({ ...current, [key]: event.target.value }));
      clear(errorKey);
    };
  const setLine = (index: number, key: 'description' | 'quantity' | 'unit', text: string) => {
    setLines((current) => current.map((line, i) => (i === index ? { ...line, [key]: text } : line)));
    clear(`lines.${index}.${key === 'unit' ? 'unitCents' : key}`);
  };

  const subtotal = lines.reduce((sum, line) => {
    const unit = parseDollars(line.unit);
    const quantity = /^\s*\d+\s*$/.test(line.quantity) ? Number(line.quantity) : 0;
    return sum + (unit ?? 0) * quantity;
  }, 0);
  const total = subtotal + (parseDollars(values.shipping) ?? 0) + (parseDollars(values.tax) ?? 0);

  async function submit() {
    if (busy) return;
    setFormError(null);
    const { input, errors: typed } = recordInvoiceInput({ ...values, lines });
    const checked = checkForm(createInvoiceInputSchema, input);
    const found = { ...(checked.ok ? {} : checked.errors), ...typed };
    if (Object.keys(found).length) {
      setErrors(found);
      setFormError('Please correct the fields marked below.');
      return;
    }
    try {
      const invoice = await mutation.mutateAsync(input);
      notify.success(`Invoice ${invoice.invoiceNumber} recorded for account ${invoice.accountNumber}.`);
      onCreated(invoice);
    } catch (error) {
      const fieldErrors = serverFormErrors(error, { conflictField: 'invoiceNumber' });
      setErrors(fieldErrors);
      setFormError(formMessageFor(error, fieldErrors, 'The invoice could not be recorded.'));
    }
  }

  return (
    <FormDialog
      title="Record invoice"
      size="lg"
      formId="record-invoice"
      busy={busy}
      submitLabel="Record invoice"
      onSubmit={submit}
      onClose={onClose}
      intro="For an order the portal did not invoice (taken by phone, a fee). The practice can pay it online."
      formError={formError}
    >
      <div className={layout.row}>
        <TextField
          label="Account number"
          autoComplete="off"
          required
          maxLength={32}
          value={values.accountNumber}
          error={errors.accountNumber}
          disabled={busy}
          onChange={set('accountNumber')}
        />
        <TextField
          label="Invoice number"
          autoComplete="off"
          required
          maxLength={40}
          hint="Letters, digits and dashes."
          value={values.invoiceNumber}
          error={errors.invoiceNumber}
          disabled={busy}
          onChange={set('invoiceNumber')}
        />
      </div>
      <fieldset className={layout.section}>
        <legend className={layout.legend}>Lines</legend>
        {errors.lines ? <Alert tone="error">{errors.lines}</Alert> : null}
        {lines.map((line, index) => (
          <div key={line.key} className={styles.lineRow} role="group" aria-label={`Line ${index + 1}`}>
            <TextField
              label="Description"
              autoComplete="off"
              maxLength={120}
              value={line.description}
              error={errors[`lines.${index}.description`]}
              disabled={busy}
              onChange={(event) => setLine(index, 'description', event.target.value)}
            />
            <TextField
              label="Qty"
              inputMode="numeric"
              autoComplete="off"
              maxLength={4}
              value={line.quantity}
              error={errors[`lines.${index}.quantity`]}
              disabled={busy}
              onChange={(event) => setLine(index, 'quantity', event.target.value)}
            />
            <TextField
              label="Unit price ($)"
              inputMode="decimal"
              autoComplete="off"
              maxLength={12}
              value={line.unit}
              error={errors[`lines.${index}.unitCents`]}
              disabled={busy}
              onChange={(event) => setLine(index, 'unit', event.target.value)}
            />
            <Button
              variant="ghost"
              size="sm"
              className={styles.lineRemove}
              disabled={busy || lines.length === 1}
              aria-label={`Remove line ${index + 1}`}
              onClick={() => {
                setLines((current) => current.filter((_, i) => i !== index));
                setErrors({});
              }}
            >
              Remove
            </Button>
          </div>
        ))}
        <Button
          variant="secondary"
          size="sm"
          disabled={busy || lines.length >= 50}
          onClick={() => setLines((current) => [...current, emptyLine()])}
        >
          Add line
        </Button>
      </fieldset>
      <div className={layout.row}>
        <TextField
          label="Shipping ($)"
          inputMode="decimal"
          autoComplete="off"
          maxLength={12}
          value={values.shipping}
          error={errors.shippingCents}
          disabled={busy}
          onChange={set('shipping', 'shippingCents')}
        />
        <TextField
          label="Tax ($)"
          inputMode="decimal"
          autoComplete="off"
          maxLength={12}
          value={values.tax}
          error={errors.taxCents}
          disabled={busy}
          onChange={set('tax', 'taxCents')}
        />
      </div>
      <div className={layout.row}>
        <TextField
          label="Issue date (optional)"
          type="date"
          hint="Blank: today."
          value={values.issueDate}
          error={errors.issueDate}
          disabled={busy}
          onChange={set('issueDate')}
        />
        <TextField
          label="Due date (optional)"
          type="date"
          hint="Blank: the practice's payment terms after the issue date."
          value={values.dueDate}
          error={errors.dueDate}
          disabled={busy}
          onChange={set('dueDate')}
        />
      </div>
      <p className={layout.status} aria-live="polite">
        Total {formatCents(total)}
      </p>
    </FormDialog>
  );
}
