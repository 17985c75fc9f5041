import { ORDER_STATUS_LABELS, type OrderStatus } from '../../../../../core/rules/order-lifecycle';
import { Badge } from '../../../components/ui/badge';

type Tone = 'neutral' | 'success' | 'warning' | 'danger' | 'info';

/** Colour per status: waiting on the lab is blue, waiting on the practice amber, done green, stopped red. */
export const ORDER_STATUS_TONES: Record<OrderStatus, Tone> = {
  draft: 'neutral',
  submitted: 'info',
  'on-hold': 'warning',
  approved: 'info',
  closed: 'success',
  rejected: 'danger',
  cancelled: 'neutral',
};

/** An order's status as a word in a coloured pill (the label carries the meaning; the colour repeats it). */
export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return <Badge tone={ORDER_STATUS_TONES[status]}>{ORDER_STATUS_LABELS[status]}</Badge>;
}
