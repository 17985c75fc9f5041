import type { OrderStatus } from '../../core/rules/order-lifecycle';

/** Who owns an order and where it stands: all the attachment rules need to know about it. */
export interface OrderOwner {
  accountNumber: string;
  status: OrderStatus;
  /** Who started the order: a draft is visible to that user only (as getOrder has it). */
  createdByUserId: string;
}

/** A narrow read of the orders table for the attachment routes (the orders logic has its own repository). */
export interface OrderAccess {
  /** The order's account, status and creator, or null when there is no such order. */
  getOrderOwner(orderId: string): Promise<OrderOwner | null>;
}
