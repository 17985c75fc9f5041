import type { LensDesign } from '../../../../../../core/schemas/lenses';
import { enabledEyes, type OrderFormValues } from '../../model/order-form-values';

/**
 * The order's price in cents from the catalogue (0 when the practice sees no prices, and for a warranty
 * exchange, which bills its policy's fee, not the lens price: the form shows no list total for it).
 */
export function orderTotalCents(values: OrderFormValues, designs: Map<string, LensDesign>, showPrices: boolean) {
  if (!showPrices || values.remake?.kind === 'warranty') return 0;
  return enabledEyes(values).reduce((sum, eye) => {
    const design = designs.get(values.lines[eye].lensId);
    const qty = Number(values.lines[eye].quantity);
    return design?.priceCents !== undefined && Number.isInteger(qty) ? sum + design.priceCents * qty : sum;
  }, 0);
}
