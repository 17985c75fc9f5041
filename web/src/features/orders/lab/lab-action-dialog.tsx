import { CHANGED_MESSAGES } from '../../../../../core/messages';
import type { FormEvent } from 'react';
import type * as z from '../../../../../core/zod';
import { dollarsText, notMoney, parseDollars, DOLLAR_INPUT } from '../../../lib/money-text';
import { ORDER_STATUS_LABELS, availableActions } from '../../../../../core/rules/order-lifecycle';
import {
  SHIPPING_METHOD_LABELS,
  SHIPPING_PRICES_CENTS,
  approveOrderInputSchema,
  closeOrderInputSchema,
  holdOrderInputSchema,
  rejectOrderInputSchema,
  type Order,
} from '../../../../../core/schemas/orders';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { FormDialogActions } from '../../../components/ui/form-dialog';
import { Dialog } from '../../../components/ui/dialog';
import { CheckboxField } from '../../../components/ui/checkbox-field';
import { SelectField } from '../../../components/ui/select-field';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { TextField } from '../../../components/ui/text-field';
import { FormError } from '../../../forms/form-error';
import { usePortalForm } from '../../../forms/use-portal-form';
import { FORM_LEVEL, type FormErrors } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';
import type { LabActionInput } from '../api/order-actions';
import layout from '../../../components/form-layout.module.css';
import { CARRIER_LABELS } from '../../../../../core/rules/tracking-numbers';
import { CARRIER_OPTIONS, parcelLines, parcelsInput, parcelsProblem } from './close-parcels';
import styles from './lab-action-dialog.module.css';

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
    intro:
      "Closing marks the order shipped and issues the invoice: the order's lenses, shipping and tax. The practice is emailed the invoice and each parcel's tracking link.",
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

/**
 * What the close dialog asks besides the invoice number, as typed, under the closeOrder input's names so its
 * messages (the schema's and the server's) land on them: the invoice's shipping and tax in dollars, and the
 * parcels (one tracking number a line, a carrier for all or none, or "No tracking": `noTracking` is 'yes').
 */
export interface CloseFields {
  shippingCents: string;
  taxCents: string;
  parcels: string;
  carrier: string;
  noTracking: string;
}

const CLOSE_FIELDS = ['shippingCents', 'taxCents', 'parcels', 'carrier', 'noTracking'] as const;

const closeFieldsOf = (values: Record<string, string>): CloseFields =>
  Object.fromEntries(CLOSE_FIELDS.map((key) => [key, values[key] ?? ''])) as unknown as CloseFields;

/** The close dialog's fields when it first opens: the shipping method's price, no tax, no parcels yet. */
export const initialCloseFields = (order: Order): CloseFields => ({
  shippingCents: order.shipping ? dollarsText(SHIPPING_PRICES_CENTS[order.shipping.method]) : '',
  taxCents: '',
  parcels: '',
  carrier: '',
  noTracking: '',
});

/** closeOrder's parcels, or "no tracking", for what was typed. */
const closeParcelsInput = (fields: CloseFields) =>
  fields.noTracking === 'yes'
    ? { noTracking: true as const }
    : { parcels: parcelsInput(fields.parcels, fields.carrier) };

/** The amounts' and the parcels' messages, beside their fields. */
const closeErrors = (fields: CloseFields): FormErrors => {
  const problem = parcelsProblem(fields.parcels, fields.carrier, fields.noTracking === 'yes');
  return { ...closeAmountsInput(fields).errors, ...(problem ? { parcels: problem } : {}) };
};

const NOT_MONEY = notMoney('8.50');

/**
 * The closeOrder amounts for what was typed: a blank shipping is left out (the server bills the shipping
 * method's price), a blank tax is none. Text that is not money gets its message beside the field.
 */
export function closeAmountsInput(amounts: Pick<CloseFields, 'shippingCents' | 'taxCents'>): {
  input: { shippingCents?: number; taxCents?: number };
  errors: FormErrors;
} {
  const errors: FormErrors = {};
  const input: { shippingCents?: number; taxCents?: number } = {};
  for (const key of ['shippingCents', 'taxCents'] as const) {
    const text = amounts[key];
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
  /**
   * What the admin typed, kept by the page: the dialog starts from it and reports each change, so closing the
   * dialog loses nothing (a conflict and a reload keep the dialog and its values open).
   */
  text: string;
  onTextChange: (text: string) => void;
  /** Close only: the invoice's shipping and tax and the parcels, kept by the page like the text. */
  closeFields?: CloseFields;
  onCloseFieldsChange?: (fields: CloseFields) => void;
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
  closeFields,
  onCloseFieldsChange,
  send,
  onReload,
  onClose,
  onDone,
}: LabActionDialogProps) {
  const copy = LAB_ACTION_COPY[action];
  const number = order.orderNumber ?? order.orderId;
  const form = usePortalForm<Record<string, string>, (typeof SCHEMAS)[LabAction]>({
    formId: `lab-action-${action}`,
    initial: { [copy.field]: text, ...(action === 'close' ? (closeFields ?? initialCloseFields(order)) : {}) },
    schema: SCHEMAS[action],
    // Sent with the version read: after a reload, the order's new one.
    input: (values) => {
      const typed = values[copy.field] ?? '';
      return {
        orderId: order.orderId,
        version: order.version,
        ...(action === 'approve' && !typed.trim() ? {} : { [copy.field]: typed }),
        ...(action === 'close'
          ? { ...closeAmountsInput(closeFieldsOf(values)).input, ...closeParcelsInput(closeFieldsOf(values)) }
          : {}),
      } as z.input<(typeof SCHEMAS)[LabAction]>;
    },
    check: (values) => (action === 'close' ? closeErrors(closeFieldsOf(values)) : {}),
    listFields: ['parcels'],
    failureMessage: `The order could not be ${copy.verb}.`,
    onReload,
    submit: async (input) => {
      const updated = await send({ action, input } as LabActionInput);
      notify.success(copy.done(number, updated));
      onDone();
    },
  });
  const { reloading } = form.conflict;
  const stillAllowed = availableActions(order.status, 'lab').includes(action);
  const sending = form.busy;
  const busy = sending || reloading;
  // The text field also shows a message of the schema's about the order itself, so a refusal is never silent.
  const {
    [copy.field]: textError,
    shippingCents: _shipping,
    taxCents: _tax,
    parcels: _parcels,
    carrier: _carrier,
    noTracking: _noTracking,
    [FORM_LEVEL]: _form,
    ...others
  } = form.errors;
  const fieldError = textError ?? Object.values(others)[0];

  function submit(event: FormEvent) {
    if (reloading || !stillAllowed) event.preventDefault();
    else form.submit(event);
  }

  const edit = (path: string, value: string) => {
    form.set(path, value);
    if (path === copy.field) onTextChange(value);
    else onCloseFieldsChange?.({ ...closeFieldsOf(form.values), [path]: value });
  };

  const fieldProps = {
    label: copy.label,
    hint: copy.hint,
    error: fieldError,
    value: form.values[copy.field] ?? '',
    disabled: busy,
    'data-autofocus': true,
  };

  return (
    <Dialog
      title={copy.title(number)}
      role={action === 'reject' ? 'alertdialog' : 'dialog'}
      {...(busy ? {} : { onDismiss: onClose })}
      actions={
        <FormDialogActions
          formId={form.formId}
          busy={busy}
          onClose={onClose}
          submitLabel={copy.confirm}
          variant={copy.tone}
          loading={sending}
          disabled={!stillAllowed || busy}
        />
      }
    >
      <form id={form.formId} onSubmit={submit} noValidate>
        {form.conflict.active ? (
          <Alert tone="warning" title={CHANGED_MESSAGES.order}>
            <p>What you typed is kept: reload, check the order, then send it again.</p>
            <Button size="sm" variant="secondary" onClick={() => void form.conflict.reload()} loading={reloading}>
              Reload
            </Button>
          </Alert>
        ) : null}
        {!stillAllowed ? (
          <Alert tone="warning" title={`This order is now ${ORDER_STATUS_LABELS[order.status]}.`}>
            It can no longer be {copy.verb}.
          </Alert>
        ) : null}
        <FormError message={form.formError} />
        {copy.intro ? <p>{copy.intro}</p> : null}
        {copy.multiline ? (
          <TextAreaField
            {...fieldProps}
            required
            maxLength={2000}
            onChange={(event) => edit(copy.field, event.target.value)}
          />
        ) : (
          <TextField
            {...fieldProps}
            required={action === 'close'}
            maxLength={action === 'close' ? 40 : 500}
            autoComplete="off"
            onChange={(event) => edit(copy.field, event.target.value)}
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
              {...DOLLAR_INPUT}
              disabled={busy}
              {...form.field('shippingCents')}
              onChange={(event) => edit('shippingCents', event.target.value)}
            />
            <TextField
              label="Tax ($)"
              hint="Blank: no tax."
              {...DOLLAR_INPUT}
              disabled={busy}
              {...form.field('taxCents')}
              onChange={(event) => edit('taxCents', event.target.value)}
            />
          </div>
        ) : null}
        {action === 'close' ? <CloseParcelFields form={form} busy={busy} edit={edit} /> : null}
      </form>
    </Dialog>
  );
}

/** The close dialog's parcels: the tracking numbers, what each reads as, a carrier for all, or "No tracking". */
function CloseParcelFields({
  form,
  busy,
  edit,
}: {
  form: { values: Record<string, string>; errors: FormErrors };
  busy: boolean;
  edit: (path: string, value: string) => void;
}) {
  const fields = closeFieldsOf(form.values);
  const noTracking = fields.noTracking === 'yes';
  const lines = noTracking ? [] : parcelLines(fields.parcels, fields.carrier);
  return (
    <fieldset className={styles.parcels}>
      <legend>Parcels</legend>
      <TextAreaField
        label="Tracking numbers"
        hint="One a line: type or scan each parcel's number. The practice gets a tracking link for each."
        name="parcels"
        rows={3}
        maxLength={700}
        autoComplete="off"
        spellCheck={false}
        value={fields.parcels}
        error={form.errors['parcels']}
        disabled={busy || noTracking}
        onChange={(event) => edit('parcels', event.target.value)}
      />
      {lines.length > 0 ? (
        <ul className={styles.recognized} aria-label="Parcels as read">
          {lines.map((line) => (
            <li key={line.line}>
              <span className={styles.number}>{line.number}</span>{' '}
              {line.message ? (
                <span className={styles.problem}>
                  Line {line.line}: {line.message}
                </span>
              ) : (
                <span>{CARRIER_LABELS[line.carrier!]}</span>
              )}
            </li>
          ))}
        </ul>
      ) : null}
      <SelectField
        label="Carrier"
        options={CARRIER_OPTIONS}
        name="carrier"
        value={fields.carrier}
        disabled={busy || noTracking}
        onChange={(event) => edit('carrier', event.target.value)}
      />
      <CheckboxField
        label="No tracking (hand delivery or the lab's courier)"
        name="noTracking"
        checked={noTracking}
        error={form.errors['noTracking']}
        disabled={busy}
        onChange={(event) => edit('noTracking', event.target.checked ? 'yes' : '')}
      />
    </fieldset>
  );
}
