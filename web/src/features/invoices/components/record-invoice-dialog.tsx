import { FIELD_MESSAGES, FORM_MESSAGES } from '../../../../../core/messages';
import { formatCents, parseDollars, DOLLAR_INPUT } from '../../../lib/money-text';
import { createInvoiceInputSchema, type Invoice } from '../../../../../core/schemas/invoices';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { FormDialog } from '../../../components/ui/form-dialog';
import { TextField } from '../../../components/ui/text-field';
import { usePortalForm } from '../../../forms/use-portal-form';
import type { FormErrors } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';
import { useCreateInvoice } from '../api/invoice-queries';
import { NOT_MONEY } from '../model/pay-amounts';
import layout from '../../../components/form-layout.module.css';
import styles from './invoices.module.css';
import { WHOLE_NUMBER_INPUT } from '../../../forms/number-inputs';

// Amounts are typed in dollars under the schema's names, so their messages (ours and the server's) show on them.
interface LineValues {
  key: number;
  description: string;
  quantity: string;
  unitCents: string;
}

let nextLineKey = 1;
const emptyLine = (): LineValues => ({ key: nextLineKey++, description: '', quantity: '1', unitCents: '' });

/** The createInvoice input for what was typed, and the messages of fields that are not numbers at all. */
export function recordInvoiceInput(values: {
  accountNumber: string;
  invoiceNumber: string;
  lines: readonly Omit<LineValues, 'key'>[];
  shippingCents: string;
  taxCents: string;
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
    if (quantity === null) errors[`lines.${index}.quantity`] = FIELD_MESSAGES.quantityWhole;
    const unitCents = parseDollars(line.unitCents);
    if (unitCents === null) errors[`lines.${index}.unitCents`] = NOT_MONEY;
    return { description: line.description, quantity: quantity ?? 1, unitCents: unitCents ?? 0 };
  });
  const input = {
    invoiceNumber: values.invoiceNumber,
    accountNumber: values.accountNumber.trim().toUpperCase(),
    lines,
    shippingCents: money(values.shippingCents, 'shippingCents'),
    taxCents: money(values.taxCents, 'taxCents'),
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
  const form = usePortalForm({
    formId: 'record-invoice',
    initial: {
      accountNumber: '',
      invoiceNumber: '',
      lines: [emptyLine()],
      shippingCents: '',
      taxCents: '',
      issueDate: '',
      dueDate: '',
    },
    schema: createInvoiceInputSchema,
    input: (values) => recordInvoiceInput(values).input,
    check: (values) => recordInvoiceInput(values).errors,
    invalidMessage: FORM_MESSAGES.correctMarkedFields,
    failureMessage: 'The invoice could not be recorded.',
    // A taken invoice number is a 409 about that field.
    conflictField: 'invoiceNumber',
    submit: async (_checked, values) => {
      const invoice = await mutation.mutateAsync(recordInvoiceInput(values).input);
      notify.success(`Invoice ${invoice.invoiceNumber} recorded for account ${invoice.accountNumber}.`);
      onCreated(invoice);
    },
  });
  const { values, errors, busy } = form;
  const { lines } = values;

  const subtotal = lines.reduce((sum, line) => {
    const unit = parseDollars(line.unitCents);
    const quantity = /^\s*\d+\s*$/.test(line.quantity) ? Number(line.quantity) : 0;
    return sum + (unit ?? 0) * quantity;
  }, 0);
  const total = subtotal + (parseDollars(values.shippingCents) ?? 0) + (parseDollars(values.taxCents) ?? 0);

  return (
    <FormDialog
      title="Record invoice"
      size="lg"
      formId={form.formId}
      busy={busy}
      submitLabel="Record invoice"
      onSubmit={form.submit}
      onClose={onClose}
      intro="For an order the portal did not invoice (taken by phone, a fee). The practice can pay it online."
      formError={form.formError}
    >
      <div className={layout.row}>
        <TextField
          label="Account number"
          autoComplete="off"
          required
          maxLength={32}
          disabled={busy}
          {...form.field('accountNumber')}
        />
        <TextField
          label="Invoice number"
          autoComplete="off"
          required
          maxLength={40}
          hint="Letters, digits and dashes."
          disabled={busy}
          {...form.field('invoiceNumber')}
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
              disabled={busy}
              {...form.field(`lines.${index}.description`)}
            />
            <TextField
              label="Qty"
              {...WHOLE_NUMBER_INPUT}
              maxLength={4}
              disabled={busy}
              {...form.field(`lines.${index}.quantity`)}
            />
            <TextField
              label="Unit price ($)"
              {...DOLLAR_INPUT}
              disabled={busy}
              {...form.field(`lines.${index}.unitCents`)}
            />
            <Button
              variant="ghost"
              size="sm"
              className={styles.lineRemove}
              disabled={busy || lines.length === 1}
              aria-label={`Remove line ${index + 1}`}
              // The marks of the lines below would name the wrong line once it is gone.
              onClick={() =>
                form.set(
                  'lines',
                  lines.filter((_, i) => i !== index),
                )
              }
            >
              Remove
            </Button>
          </div>
        ))}
        <Button
          variant="secondary"
          size="sm"
          disabled={busy || lines.length >= 50}
          onClick={() => form.set('lines', [...lines, emptyLine()])}
        >
          Add line
        </Button>
      </fieldset>
      <div className={layout.row}>
        <TextField label="Shipping ($)" {...DOLLAR_INPUT} disabled={busy} {...form.field('shippingCents')} />
        <TextField label="Tax ($)" {...DOLLAR_INPUT} disabled={busy} {...form.field('taxCents')} />
      </div>
      <div className={layout.row}>
        <TextField
          label="Issue date (optional)"
          type="date"
          hint="Blank: today."
          disabled={busy}
          {...form.field('issueDate')}
        />
        <TextField
          label="Due date (optional)"
          type="date"
          hint="Blank: the practice's payment terms after the issue date."
          disabled={busy}
          {...form.field('dueDate')}
        />
      </div>
      <p className={layout.status} aria-live="polite">
        Total {formatCents(total)}
      </p>
    </FormDialog>
  );
}
