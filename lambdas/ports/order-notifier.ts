import type { EmailKind } from '../../core/schemas/email/email';
import type { Order } from '../../core/schemas/orders';

/**
 * The order emails: built from the Email Management templates, sent to the practice and the lab. A parcel
 * claim's emails are about one parcel of an order, named by the notice's `parcelId`.
 */
export type OrderEmailKind = Extract<EmailKind, `order-${string}` | `parcel-claim-${string}`>;

/**
 * An order email as the outbox keeps it: the order as it was at the change (without prices), and the orderer,
 * whose address is looked up when it is delivered.
 */
export interface OrderNotice {
  kind: OrderEmailKind;
  order: Order;
  practiceUserId: string | null;
  /** The parcel a parcel claim's email is about. */
  parcelId?: string;
}

export interface OrderNotifier {
  /**
   * Emails the practice (`practiceEmail`: the signed-in orderer's address, from the users record) and/or
   * the lab's notification recipients, by kind: `order-submitted` and `order-cancelled` both,
   * `order-resubmitted` and `parcel-claim-opened` the lab only (`practiceEmail` unused), the lab's decisions the
   * practice only.
   * Never throws: a failed email is logged, and the order change it reports stands (spec 8: the email send
   * swallows errors).
   */
  notify(kind: OrderEmailKind, order: Order, practiceEmail: string | null, parcelId?: string): Promise<void>;
}
