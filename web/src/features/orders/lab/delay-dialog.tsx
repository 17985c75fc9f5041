import { CHANGED_MESSAGES } from '../../../../../core/messages';
import type * as z from '../../../../../core/zod';
import { ORDER_STATUS_LABELS } from '../../../../../core/rules/order-lifecycle';
import { canRecordDelay, newShipByProblem } from '../../../../../core/rules/order-delays';
import { isCalendarDay, localDay, type ShippingCalendar } from '../../../../../core/rules/ship-date';
import { recordOrderDelayInputSchema, type Order } from '../../../../../core/schemas/orders';
import { ConflictAlert } from '../../../components/reload-latest-alert';
import { Alert } from '../../../components/ui/alert';
import { FormDialog } from '../../../components/ui/form-dialog';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { TextField } from '../../../components/ui/text-field';
import { usePortalForm } from '../../../forms/use-portal-form';
import type { FormErrors } from '../../../lib/form-errors';
import { shortDay } from '../../../lib/format-time';
import { notify } from '../../../lib/notify';
import type { RouteInput } from '../../../lib/api-client';

/** The reason's limit, as recordOrderDelay's schema has it. */
const REASON_MAX = 500;

interface DelayValues {
  reason: string;
  shipBy: string;
}

/**
 * "Record delay…" on the lab's order page: a new ship-by day and the reason the practice is emailed, sent with the
 * version read (recordOrderDelay). The day is checked with the server's own rule (core/rules/order-delays.ts) on
 * the lab's calendar when it is loaded; the server checks again and its field messages land on the fields. A 409
 * keeps what was typed and offers to reload; after the reload the same values go with the new version, unless the
 * order can no longer be delayed.
 */
export function DelayDialog({
  order,
  calendar,
  now = new Date(),
  send,
  onReload,
  onClose,
}: {
  order: Order;
  /** The lab's calendar (its time zone names today, its holidays); undefined until loaded: the server checks. */
  calendar: ShippingCalendar | undefined;
  now?: Date;
  send: (input: RouteInput<'recordOrderDelay'>) => Promise<Order>;
  onReload: () => Promise<unknown>;
  onClose: () => void;
}) {
  const number = order.orderNumber ?? order.orderId;
  const shipBy = order.promise?.shipBy;
  const today = calendar ? localDay(now, calendar.timeZone) : undefined;
  const form = usePortalForm<DelayValues, typeof recordOrderDelayInputSchema>({
    formId: 'lab-record-delay',
    initial: { reason: '', shipBy: '' },
    schema: recordOrderDelayInputSchema,
    // Sent with the version read: after a reload, the order's new one. A blank day is left out, so the schema
    // says it is required rather than how to write it.
    input: (values) =>
      ({
        orderId: order.orderId,
        version: order.version,
        reason: values.reason,
        ...(values.shipBy ? { shipBy: values.shipBy } : {}),
      }) as z.input<typeof recordOrderDelayInputSchema>,
    check: (values): FormErrors => {
      if (!calendar || !today || !shipBy || !isCalendarDay(values.shipBy)) return {};
      const problem = newShipByProblem(values.shipBy, { today, calendar, shipBy });
      return problem ? { shipBy: problem } : {};
    },
    failureMessage: 'The delay could not be recorded.',
    onReload,
    submit: async (input) => {
      const updated = await send(input);
      const moved = updated.promise?.shipBy ?? input.shipBy;
      notify.success(`Order ${number} now ships by ${shortDay(moved)}; the practice was emailed the reason.`);
      onClose();
    },
  });
  const { reloading } = form.conflict;
  const stillAllowed = canRecordDelay(order);
  const busy = form.busy || reloading;

  return (
    <FormDialog
      title={`Record a delay for order ${number}`}
      submitLabel="Record delay"
      submitDisabled={!stillAllowed || busy}
      onClose={onClose}
      intro="The practice is emailed the new ship-by and arrive-by dates with your reason."
      form={form}
    >
      <ConflictAlert conflict={form.conflict} title={CHANGED_MESSAGES.order}>
        What you typed is kept: reload, check the order, then send it again.
      </ConflictAlert>
      {!stillAllowed ? (
        <Alert tone="warning" title={`This order is now ${ORDER_STATUS_LABELS[order.status]}.`}>
          Its ship date can no longer be moved.
        </Alert>
      ) : null}
      <TextField
        label="New ship-by date"
        type="date"
        required
        hint={`A business day of the lab, today or later.${shipBy ? ` It now ships by ${shortDay(shipBy)}.` : ''}`}
        {...(today ? { min: today } : {})}
        disabled={busy}
        data-autofocus
        {...form.field('shipBy')}
      />
      <TextAreaField
        label="Reason"
        hint="The practice reads this in the email and on the order."
        required
        rows={3}
        maxLength={REASON_MAX}
        disabled={busy}
        {...form.field('reason')}
      />
    </FormDialog>
  );
}
