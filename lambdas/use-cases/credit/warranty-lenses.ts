import {
  cancellationCreditCents,
  daysLeftOf,
  endingSoon,
  policyOf,
  shippedAtOf,
  windowEndOf,
} from '../../../core/rules/warranty';
import type { WarrantyLens } from '../../../core/schemas/credit';
import type { Order } from '../../../core/schemas/order';

/**
 * The lenses of one shipped order as Lens Credit describes them, keeping those whose days left in the
 * window pass `keep` (Lens Credit: still in the window; the daily reminder job: in its last days). One home
 * for the lens view so the page and the "warranty ending" email describe a lens the same way.
 * `exchangesUsed` is 0: the counters are read per lens by the caller that shows them.
 */
export function warrantyLensesOf(order: Order, now: Date, keep: (daysLeft: number) => boolean): WarrantyLens[] {
  const shippedAt = shippedAtOf(order);
  if (!shippedAt) return [];
  return order.lines.flatMap((line) => {
    const days = line.design.warrantyDays;
    const daysLeft = daysLeftOf(shippedAt, days, now);
    if (!keep(daysLeft)) return [];
    const policy = policyOf(line);
    return [
      {
        orderId: order.orderId,
        orderNumber: order.orderNumber ?? order.orderId,
        patient: order.patient,
        eye: line.eye,
        lensId: line.lensId,
        lensName: line.design.name,
        shippedAt,
        windowEndsAt: windowEndOf(shippedAt, days).toISOString(),
        daysLeft,
        endingSoon: endingSoon(daysLeft),
        exchangesUsed: 0,
        exchangesAllowed: policy.exchangesPerEye,
        exchangeFeeCents: policy.exchangeFeeCents,
        cancellationCreditCents: cancellationCreditCents(line, policy),
        returnRequired: policy.returnRequired,
      },
    ];
  });
}

/**
 * Still in the window: `daysLeftOf` is 0 on the window's last day and negative once it has ended, so this is
 * `now <= windowEnd` (as `lineInWarranty`).
 */
export const stillInWindow = (daysLeft: number) => daysLeft >= 0;
