import { CHANGED_MESSAGES } from '../../../../../core/messages';
import { useState } from 'react';
import { parseDollars } from '../../../../../core/rules/invoice-balance';
import { ORDER_STATUS_LABELS, availableActions } from '../../../../../core/rules/order-lifecycle';
import {
  SHIPPING_METHOD_LABELS,
  SHIPPING_PRICES_CENTS,
  approveOrderInputSchema,
  closeOrderInputSchema,
  holdOrderInputSchema,
  rejectOrderInputSchema,
  type Order,
} from '../../../../../core/schemas/order';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { TextField } from '../../../components/ui/text-field';
import { FormError } from '../../../forms/form-error';
import { useSubmission } from '../../../forms/use-submission';
import { useVersionConflict } from '../../../hooks/use-version-conflict';
import { checkForm, formMessageFor, serverFormErrors, type FormErrors } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';
import type { LabActionInput } from '../api/order-actions';
import layout from '../../../components/form-layout.module.css';

export type LabAction = LabActionInput['action'];

interface ActionCopy {
  title: (number: string) => string;
  field: 'note' | 'message' | 'reason' | 'invoiceNumber';
  label: string;
  hint: string;
  multiline: boolean;
  confirm: string;
  tone: 'primary' | 'danger';
  intro?: string;
  done: (number: string, order: Order) => string;
  /** The verb for "it can no longer be …" after a reload. */
  verb: string;
}

export const LAB_ACTION_COPY: Record<LabAction, ActionCopy> = {
  approve: {
    title: (n) => `Approve order ${n}`,
    field: 'note',
    label: 'Note (optional)',
    hint: 'Recorded in the order history.',
    multiline: false,
    confirm: 'Approve order',
    tone: 'primary',
    intro: 'The order goes into production and the practice is told.',
    done: (n) => `Order ${n} approved: it is in production.`,
    verb: 'approved',
  },
  hold: {
    title: (n) => `Put order ${n} on hold`,
    field: 'message',
    label: 'Message to the practice',
    hint: 'Say what the lab needs. The practice answers it and the order comes back to the queue.',
    multiline: true,
    confirm: 'Put on hold',
    tone: 'primary',
    done: (n) => `Order ${n} is on hold; the practice was sent your message.`,
    verb: 'put on hold',
  },
  reject: {
    title: (n) => `Reject order ${n}?`,
    field: 'reason',
    label: 'Reason',
    hint: 'The practice receives this reason.',
    multiline: true,
    confirm: 'Reject order',
    tone: 'danger',
    intro: 'Rejecting is final: the order cannot be resubmitted. The practice would have to place a new order.',
    done: (n) => `Order ${n} rejected.`,
    verb: 'rejected',
  },
  close: {
    title: (n) => `Close order ${n}`,
    field: 'invoiceNumber',
    label: 'Invoice number',
    hint: 'Letters, digits and dashes. The practice is emailed the invoice and can pay it online.',
    multiline: false,
    confirm: 'Close order',
    tone: 'primary',
    intro: "Closing marks the order shipped and issues the invoice: the order's lenses, shipping and tax.",
    done: (n, order) => `Order ${n} closed with invoice ${order.invoiceNumber ?? ''}.`.replace(/ \.$/, '.'),
    verb: 'closed',
  },
};

const SCHEMAS = {
  approve: approveOrderInputSchema,
  hold: holdOrderInputSchema,
  reject: rejectOrderInputSchema,
  close: closeOrderInputSchema,
} as const;

/** The invoice's shipping and tax as typed in dollars in the close dialog. */
export interface CloseAmounts {
  shipping: string;
  tax: string;
}

const dollars = (cents: number) => (cents / 100).toFixed(2);

/** The close dialog's amounts when it first opens: the shipping method's price, no tax. */
export const initialCloseAmounts = (order: Order): CloseAmounts => ({
  shipping: order.shipping ? dollars(SHIPPING_PRICES_CENTS[order.shipping.method]) : '',
  tax: '',
});

const NOT_MONEY = 'Enter an amount in dollars, e.g. 8.50';

/**
 * The closeOrder amounts for what was typed: a blank shipping is left out (the server bills the shipping
 * method's price), a blank tax is none. Text that is not money gets its message beside the field.
 */
export function closeAmountsInput(amounts: CloseAmounts): {
  input: { shippingCents?: number; taxCents?: number };
  errors: FormErrors;
} {
  const errors: FormErrors = {};
  const input: { shippingCents?: number; taxCents?: number } = {};
  for (const [key, text] of [
    ['shippingCents', amounts.shipping],
    ['taxCents', amounts.tax],
  ] as const) {
    if (!text.trim()) continue;
    const cents = parseDollars(text);
    if (cents === null) errors[key] = NOT_MONEY;
    else input[key] = cents;
  }
  return { input, errors };
}

export interface LabActionDialogProps {
  action: LabAction;
  order: Order;
  /** What the admin typed; kept by the page, so a conflict, a reload or closing the dialog loses nothing. */
  text: string;
  onTextChange: (text: string) => void;
  /** Close only: the invoice's shipping and tax, kept by the page like the text. */
  amounts?: CloseAmounts;
  onAmountsChange?: (amounts: CloseAmounts) => void;
  send: (request: LabActionInput) => Promise<Order>;
  /** Fetches the latest order (after a conflict); the dialog then sends with its new version. */
  onReload: () => Promise<unknown>;
  onClose: () => void;
  onDone: () => void;
}

/**
 * One lab action on an order: the text it needs (a note, a message, a reason, an invoice number), checked
 * with the route's own schema, sent with the version read. A 409 keeps the dialog and its text open and
 * offers to reload; after the reload the same text is sent with the new version, unless the order moved to
 * a status where this action no longer applies.
 */
export function LabActionDialog({
  action,
  order,
  text,
  onTextChange,
  amounts = { shipping: '', tax: '' },
  onAmountsChange,
  send,
  onReload,
  onClose,
  onDone,
}: LabActionDialogProps) {
  const copy = LAB_ACTION_COPY[action];
  const number = order.orderNumber ?? order.orderId;
  // The text lives with the page (kept across a reload), so the dialog needs the submit's plumbing only.
  const submission = useSubmission();
  const { setFormError } = submission;
  const { conflict, clearConflict, caught, reloading, reload } = useVersionConflict(onReload);
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [amountErrors, setAmountErrors] = useState<FormErrors>({});
  const stillAllowed = availableActions(order.status, 'lab').includes(action);
  const sending = submission.busy;
  const busy = sending || reloading;

  async function submit() {
    if (reloading || !stillAllowed) return;
    setFieldError(undefined);
    setAmountErrors({});
    clearConflict();
    const value = action === 'approve' && !text.trim() ? undefined : text;
    const money = action === 'close' ? closeAmountsInput(amounts) : { input: {}, errors: {} };
    const checked = checkForm(SCHEMAS[action], {
      orderId: order.orderId,
      version: order.version,
      ...(value === undefined ? {} : { [copy.field]: value }),
      ...money.input,
    });
    const errors: FormErrors = { ...(checked.ok ? {} : checked.errors), ...money.errors };
    if (!checked.ok || Object.keys(errors).length) {
      const { shippingCents, taxCents, ...others } = errors;
      setAmountErrors({ ...(shippingCents ? { shippingCents } : {}), ...(taxCents ? { taxCents } : {}) });
      setFieldError(others[copy.field] ?? Object.values(others)[0]);
      return;
    }
    try {
      const updated = await send({ action, input: checked.data } as LabActionInput);
      notify.success(copy.done(number, updated));
      onDone();
    } catch (error) {
      if (caught(error)) return;
      const errors = serverFormErrors(error);
      setFieldError(errors[copy.field]);
      setAmountErrors({
        ...(errors.shippingCents ? { shippingCents: errors.shippingCents } : {}),
        ...(errors.taxCents ? { taxCents: errors.taxCents } : {}),
      });
      setFormError(formMessageFor(error, errors, `The order could not be ${copy.verb}.`));
    }
  }

  const formId = `lab-action-${action}`;
  const fieldProps = {
    label: copy.label,
    hint: copy.hint,
    error: fieldError,
    value: text,
    disabled: busy,
    'data-autofocus': true,
  };

  return (
    <Dialog
      title={copy.title(number)}
      role={action === 'reject' ? 'alertdialog' : 'dialog'}
      {...(busy ? {} : { onDismiss: onClose })}
      actions={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" form={formId} variant={copy.tone} loading={sending} disabled={!stillAllowed || busy}>
            {copy.confirm}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submission.onSubmit(submit)} noValidate>
        {conflict ? (
          <Alert tone="warning" title={CHANGED_MESSAGES.order}>
            <p>What you typed is kept: reload, check the order, then send it again.</p>
            <Button size="sm" variant="secondary" onClick={() => void reload()} loading={reloading}>
              Reload
            </Button>
          </Alert>
        ) : null}
        {!stillAllowed ? (
          <Alert tone="warning" title={`This order is now ${ORDER_STATUS_LABELS[order.status]}.`}>
            It can no longer be {copy.verb}.
          </Alert>
        ) : null}
        <FormError message={submission.formError} />
        {copy.intro ? <p>{copy.intro}</p> : null}
        {copy.multiline ? (
          <TextAreaField
            {...fieldProps}
            required
            maxLength={2000}
            onChange={(event) => onTextChange(event.target.value)}
          />
        ) : (
          <TextField
            {...fieldProps}
            required={action === 'close'}
            maxLength={action === 'close' ? 40 : 500}
            autoComplete="off"
            onChange={(event) => onTextChange(event.target.value)}
          />
        )}
        {action === 'close' ? (
          <div className={layout.row}>
            <TextField
              label="Shipping ($)"
              hint={
                order.shipping
                  ? `${SHIPPING_METHOD_LABELS[order.shipping.method]}. Blank: the method's price.`
                  : "Blank: the shipping method's price."
              }
              inputMode="decimal"
              autoComplete="off"
              maxLength={12}
              value={amounts.shipping}
              error={amountErrors.shippingCents}
              disabled={busy}
              onChange={(event) => onAmountsChange?.({ ...amounts, shipping: event.target.value })}
            />
            <TextField
              label="Tax ($)"
              hint="Blank: no tax."
              inputMode="decimal"
              autoComplete="off"
              maxLength={12}
              value={amounts.tax}
              error={amountErrors.taxCents}
              disabled={busy}
              onChange={(event) => onAmountsChange?.({ ...amounts, tax: event.target.value })}
            />
          </div>
        ) : null}
      </form>
    </Dialog>
  );
}
