import { LENS_MESSAGES } from '../../../core/messages';
import { invalidArgument, type FieldErrors } from '../../../core/errors';
import { validateLensParameters } from '../../../core/rules/lens-parameters';
import type { Order, OrderLine, orderFieldsSchema } from '../../../core/schemas/orders';
import type * as z from '../../../core/zod';
import type { OrderDeps } from './order-deps';
import { orderAttachmentsOf } from './order-attachments';

export type CheckedOrderFields = z.infer<typeof orderFieldsSchema>;

/**
 * Checks every line against its design as stored now (active, parameters in range and on step) and answers
 * the lines with a snapshot of the design, so later catalogue edits never change a placed order.
 * Field errors are keyed like the form's fields: `lines.0.parameters.sphere`.
 */
export async function checkedLines(
  fields: CheckedOrderFields,
  deps: Pick<OrderDeps, 'lenses'>,
): Promise<{ lines: OrderLine[]; totalCents: number }> {
  const errors: FieldErrors = {};
  const lines: OrderLine[] = [];
  let totalCents = 0;
  for (const [i, line] of fields.lines.entries()) {
    const design = await deps.lenses.get(line.lensId);
    if (!design || !design.active) {
      errors[`lines.${i}.lensId`] = [LENS_MESSAGES.designNotAvailable];
      continue;
    }
    const problems = validateLensParameters(design.parameters, line.parameters);
    for (const [key, message] of Object.entries(problems)) errors[`lines.${i}.parameters.${key}`] = [message];
    const priceCents = design.priceCents ?? 0;
    totalCents += priceCents * line.quantity;
    lines.push({
      eye: line.eye,
      lensId: line.lensId,
      parameters: line.parameters,
      quantity: line.quantity,
      ...(line.notes ? { notes: line.notes } : {}),
      design: {
        lensId: design.lensId,
        name: design.name,
        type: design.type,
        parameters: design.parameters,
        warrantyDays: design.warrantyDays,
        warranty: design.warranty,
        ...(design.leadDays !== undefined ? { leadDays: design.leadDays } : {}),
        ...(design.shipGuarantee ? { shipGuarantee: design.shipGuarantee } : {}),
        version: design.version,
        priceCents,
      },
    });
  }
  if (Object.keys(errors).length > 0) {
    const first = Object.values(errors)[0]![0]!;
    throw invalidArgument(Object.keys(errors).length === 1 ? first : LENS_MESSAGES.parametersNotValid, errors);
  }
  return { lines, totalCents };
}

/**
 * The parts of an order taken from the practice's checked form, with the checked lines; optional texts left
 * empty are left out rather than stored empty. Submitting and answering a hold with changes store them alike.
 * The form's own `attachments` are not among them: the server lists what is stored (storedAttachments).
 */
export function orderContent(fields: CheckedOrderFields, lines: OrderLine[]) {
  return {
    patient: fields.patient,
    ...(fields.poNumber ? { poNumber: fields.poNumber } : {}),
    lines,
    shipping: fields.shipping,
    ...(fields.notes ? { notes: fields.notes } : {}),
  } satisfies Partial<Order>;
}

/**
 * An order's `attachments` as the server finds them: the files stored under the order whose
 * first bytes fit their type. What a client sends as `attachments` is accepted by the schemas (older web
 * builds send it) and ignored.
 */
export async function storedAttachments(
  orderId: string,
  deps: Pick<OrderDeps, 'files'>,
): Promise<Order['attachments']> {
  return orderAttachmentsOf(orderId, deps.files);
}
