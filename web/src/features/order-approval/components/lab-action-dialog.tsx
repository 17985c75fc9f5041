import { useState, type FormEvent } from 'react';
import { ORDER_STATUS_LABELS, availableActions } from '../../../../../core/rules/order-lifecycle';
import {
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
import { useReloadLatest } from '../../../hooks/use-reload-latest';
import { isCallableError } from '../../../lib/callable-error';
import { checkForm, formMessageFor, serverFormErrors } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';
import type { LabActionInput } from '../api/order-actions';

export type LabAction = LabActionInput['action'];

/** What the admin sees when another admin changed the order first (409 aborted). */
export const ORDER_CONFLICT_MESSAGE = 'This order changed since you opened it. Reload to see the latest.';

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
    hint: 'Letters, digits and dashes. The practice is emailed the invoice number.',
    multiline: false,
    confirm: 'Close order',
    tone: 'primary',
    intro: 'Closing marks the order shipped.',
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

export interface LabActionDialogProps {
  action: LabAction;
  order: Order;
  /** What the admin typed; kept by the page, so a conflict, a reload or closing the dialog loses nothing. */
  text: string;
  onTextChange: (text: string) => void;
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
  send,
  onReload,
  onClose,
  onDone,
}: LabActionDialogProps) {
  const copy = LAB_ACTION_COPY[action];
  const number = order.orderNumber ?? order.orderId;
  const [sending, setSending] = useState(false);
  const [conflict, setConflict] = useState(false);
  const { reloading, reload } = useReloadLatest(async () => {
    await onReload();
    setConflict(false);
  });
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const stillAllowed = availableActions(order.status, 'lab').includes(action);
  const busy = sending || reloading;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy || !stillAllowed) return;
    setFieldError(undefined);
    setFormError(null);
    setConflict(false);
    const value = action === 'approve' && !text.trim() ? undefined : text;
    const checked = checkForm(SCHEMAS[action], {
      orderId: order.orderId,
      version: order.version,
      ...(value === undefined ? {} : { [copy.field]: value }),
    });
    if (!checked.ok) {
      setFieldError(checked.errors[copy.field] ?? Object.values(checked.errors)[0]);
      return;
    }
    setSending(true);
    try {
      const updated = await send({ action, input: checked.data } as LabActionInput);
      notify.success(copy.done(number, updated));
      onDone();
    } catch (error) {
      if (isCallableError(error) && error.status === 'aborted') {
        setConflict(true);
      } else {
        const errors = serverFormErrors(error);
        setFieldError(errors[copy.field]);
        setFormError(formMessageFor(error, errors, `The order could not be ${copy.verb}.`));
      }
    } finally {
      setSending(false);
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
      <form id={formId} onSubmit={(event) => void submit(event)} noValidate>
        {conflict ? (
          <Alert tone="warning" title={ORDER_CONFLICT_MESSAGE}>
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
        {formError ? <Alert tone="error">{formError}</Alert> : null}
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
      </form>
    </Dialog>
  );
}
