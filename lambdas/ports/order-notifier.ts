import type { EmailKind } from '../../core/schemas/email';
import type { Order } from '../../core/schemas/order';

/** The order emails (issue 5): built from the Email Management templates, sent to the practice and the lab. */
export type OrderEmailKind = Extract<EmailKind, `order-${string}`>;

export interface OrderNotifier {
  /**
   * Emails the practice (`practiceEmail`: the signed-in orderer's address, from the users record) and, for
   * `order-submitted`, the lab's notification recipients. Never throws: a failed email is logged, and the
   * order change it reports stands (spec 8: the email send swallows errors).
   */
  notify(kind: OrderEmailKind, order: Order, practiceEmail: string | null): Promise<void>;
}
