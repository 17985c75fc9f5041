import * as z from '../zod';
import { defineRoutes } from '../define-routes';
import type { RouteEntry } from '../define-routes';
import { ADMIN, CUSTOMER, CUSTOMER_OR_ADMIN } from './access-groups';
import { emptyInputSchema } from '../schemas/common';
import {
  adminDashboardSchema,
  approveOrderInputSchema,
  cancelOrderInputSchema,
  closeOrderInputSchema,
  holdOrderInputSchema,
  listAccountOrdersInputSchema,
  listOrdersInputSchema,
  orderIdInputSchema,
  orderPageSchema,
  orderSchema,
  rejectOrderInputSchema,
  resubmitOrderInputSchema,
  saveOrderDraftInputSchema,
  saveOrderDraftOutputSchema,
  submitOrderInputSchema,
} from '../schemas/orders';

/**
 * One of the lab's order decisions (approve, hold, reject, close): admins only, one lifecycle transaction on
 * the order, its counters and the practice's email (an outbox message, sent from its template after); a close
 * adds its invoice and the invoice's email.
 */
function labOrderAction<I extends z.core.$ZodType>(input: I) {
  return {
    input,
    output: orderSchema,
    access: ADMIN,
    resources: {
      // invoices + customers: closing with an invoice number issues the invoice (net terms of the practice).
      tables: {
        orders: 'readWrite',
        counters: 'readWrite',
        invoices: 'readWrite',
        customers: 'read',
        users: 'read',
        outbox: 'write',
      },
    },
  } satisfies RouteEntry<I>;
}

/** Orders: the practice's side, and the lab's (spec 2 /admin/order-approval, /admin/home). */
export const orderRoutes = defineRoutes('orders', {
  saveOrderDraft: {
    input: saveOrderDraftInputSchema,
    output: saveOrderDraftOutputSchema,
    access: CUSTOMER,
    // attachments: the draft's list of files is built from what is stored.
    resources: { tables: { orders: 'readWrite', users: 'read' }, attachments: 'read' },
  },
  discardOrderDraft: {
    input: orderIdInputSchema,
    output: z.object({ discarded: z.boolean() }),
    access: CUSTOMER,
    resources: { tables: { orders: 'readWrite', users: 'read' }, attachments: 'readWrite' },
  },
  submitOrder: {
    input: submitOrderInputSchema,
    output: orderSchema,
    access: CUSTOMER,
    // consults: "Order this" marks the consult ordered in the order's own transaction.
    // warrantyClaims: a warranty remake is refused for a lens a claim holds.
    resources: {
      tables: {
        orders: 'readWrite',
        counters: 'readWrite',
        consults: 'readWrite',
        warrantyClaims: 'read',
        lenses: 'read',
        users: 'read',
        customers: 'read',
        outbox: 'write',
      },
      attachments: 'read',
    },
  },
  cancelOrder: {
    input: cancelOrderInputSchema,
    output: orderSchema,
    access: CUSTOMER,
    resources: {
      // customers: the answer shows prices only when the practice's account may see them.
      tables: {
        orders: 'readWrite',
        counters: 'readWrite',
        users: 'read',
        customers: 'read',
        outbox: 'write',
      },
    },
  },
  resubmitOrder: {
    input: resubmitOrderInputSchema,
    output: orderSchema,
    access: CUSTOMER,
    resources: {
      tables: {
        orders: 'readWrite',
        counters: 'readWrite',
        lenses: 'read',
        users: 'read',
        customers: 'read',
        outbox: 'write',
      },
      attachments: 'read',
    },
  },
  getOrder: {
    input: orderIdInputSchema,
    output: orderSchema,
    access: CUSTOMER_OR_ADMIN,
    resources: { tables: { orders: 'read', users: 'read', customers: 'read' } },
  },
  listAccountOrders: {
    input: listAccountOrdersInputSchema,
    output: orderPageSchema,
    access: CUSTOMER_OR_ADMIN,
    resources: { tables: { orders: 'read', users: 'read' } },
  },
  listOrders: {
    input: listOrdersInputSchema,
    output: orderPageSchema,
    access: ADMIN,
    resources: { tables: { orders: 'read' } },
  },
  approveOrder: labOrderAction(approveOrderInputSchema),
  holdOrder: labOrderAction(holdOrderInputSchema),
  rejectOrder: labOrderAction(rejectOrderInputSchema),
  closeOrder: labOrderAction(closeOrderInputSchema),
  getAdminDashboard: {
    input: emptyInputSchema,
    output: adminDashboardSchema,
    access: ADMIN,
    resources: { tables: { orders: 'read', counters: 'read', userActivity: 'read' } },
  },
});
