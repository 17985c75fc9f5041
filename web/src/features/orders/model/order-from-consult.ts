/**
 * "Order this": the order form's start from a consult's answer. A lens that came from a past order is
 * remade from that order (under warranty while it is inside its window and the proposal keeps its design, else
 * a reorder); a typed lens starts
 * a new order for the consult's patient. Either way the lab's proposal goes on the consult's eye, and the
 * lens the consult was about is what the changed parameters are marked against, as on the reorder screen.
 */
import { orderInWarranty } from '../../../../../core/rules/warranty';
import type { CustomerConsult } from '../../../../../core/schemas/consults';
import type { PostalAddress } from '../../../../../core/schemas/customers/customer-info';
import { EYES, type Order } from '../../../../../core/schemas/orders';
import {
  emptyOrderForm,
  fromPastOrder,
  parameterText,
  type OrderFormOriginal,
  type OrderFormValues,
} from './order-form-values';

export type ConsultToOrder = Pick<CustomerConsult, 'consultId' | 'patient' | 'eye' | 'currentLens' | 'reply'>;

/**
 * The values and the comparison for ordering a consult's answer, or null when it has none yet. `sourceOrder`
 * is the order `currentLens.fromOrderId` names (null for a typed lens, or when that order cannot be read).
 */
export function fromConsultAnswer(
  consult: ConsultToOrder,
  options: { sourceOrder: Order | null; now: Date; shippingAddress?: Partial<PostalAddress> | undefined },
): { values: OrderFormValues; original: OrderFormOriginal } | null {
  const proposal = consult.reply?.proposal;
  if (!proposal) return null;
  const { sourceOrder } = options;
  let values: OrderFormValues;
  let original: OrderFormOriginal;
  if (sourceOrder) {
    // A warranty exchange is like for like: a proposal of another design is a reorder (the API refuses it).
    const sameDesign = sourceOrder.lines.some((l) => l.eye === consult.eye && l.lensId === proposal.lensId);
    const kind = sameDesign && orderInWarranty(sourceOrder, options.now) ? 'warranty' : 'reorder';
    values = fromPastOrder(sourceOrder, { kind, ofOrderId: sourceOrder.orderId });
    original = sourceOrder;
  } else {
    values = { ...emptyOrderForm(options.shippingAddress), patient: consult.patient };
    const lens = consult.currentLens;
    original = {
      lines: [
        {
          eye: consult.eye,
          lensId: lens.lensId ?? '',
          parameters: lens.parameters ?? {},
          design: { name: lens.designName },
        },
      ],
    };
  }
  const lines = { ...values.lines };
  // The consult is about one eye: the other eye's lens stays as it was but is left out until ticked again.
  for (const eye of EYES) lines[eye] = { ...lines[eye], enabled: false };
  lines[consult.eye] = {
    ...lines[consult.eye],
    enabled: true,
    lensId: proposal.lensId,
    parameters: Object.fromEntries(Object.entries(proposal.parameters).map(([k, v]) => [k, parameterText(v)])),
    quantity: lines[consult.eye].quantity || '1',
  };
  return { values: { ...values, lines, consultId: consult.consultId }, original };
}
