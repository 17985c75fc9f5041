import {
  billedCentsOf,
  cancellationCreditCents,
  endingSoon,
  policyOf,
  shippedAtOf,
  warrantyWindowOf,
  type WarrantyWindow,
} from '../../../core/rules/warranty';
import type { WarrantyLens } from '../../../core/schemas/credit';
import type { Order } from '../../../core/schemas/orders';

/**
 * The lenses of one shipped order as Lens Credit describes them, keeping those whose window passes `keep`
 * (Lens Credit: still open; the daily reminder job: in its last days). One home
 * for the lens view so the page and the "warranty ending" email describe a lens the same way.
 * `exchangesUsed` is 0: the counters are read per lens by the caller that shows them.
 */
export function warrantyLensesOf(order: Order, now: Date, keep: (window: WarrantyWindow) => boolean): WarrantyLens[] {
  const shippedAt = shippedAtOf(order);
  if (!shippedAt) return [];
  return order.lines.flatMap((line) => {
    const window = warrantyWindowOf(shippedAt, line, now);
    if (!keep(window)) return [];
    const policy = policyOf(line);
    const billedCents = billedCentsOf(order, line);
    return [
      {
        orderId: order.orderId,
        orderNumber: order.orderNumber ?? order.orderId,
        patient: order.patient,
        eye: line.eye,
        lensId: line.lensId,
        lensName: line.design.name,
        shippedAt,
        windowEndsAt: window.endsAt.toISOString(),
        daysLeft: window.daysLeft,
        endingSoon: endingSoon(window),
        exchangesUsed: 0,
        exchangesAllowed: policy.exchangesPerEye,
        exchangeFeeCents: policy.exchangeFeeCents,
        billedCents,
        cancellationCreditCents: cancellationCreditCents(billedCents, policy),
        returnRequired: policy.returnRequired,
      },
    ];
  });
}

/** Lens Credit's filter: the lens is still covered. */
export const stillInWindow = (window: WarrantyWindow) => window.open;
