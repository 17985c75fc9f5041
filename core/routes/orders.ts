import * as z from '../zod';
import { defineRoutes } from '../define-routes';
import { webhookInputSchema, webhookOutputSchema } from '../schemas/webhooks';
import type { RouteEntry } from '../define-routes';
import { ADMIN, CUSTOMER, CUSTOMER_OR_ADMIN, SUPER_ADMIN } from './access-groups';
import { emptyInputSchema } from '../schemas/common';
import {
  adminDashboardSchema,
  approveOrderInputSchema,
  cancelOrderInputSchema,
  closeOrderInputSchema,
  decideParcelClaimInputSchema,
  holdOrderInputSchema,
  listAccountOrdersInputSchema,
  listOrdersInputSchema,
  moveOrderStagesInputSchema,
  moveOrderStagesOutputSchema,
  orderIdInputSchema,
  orderPageSchema,
  orderSchema,
  recordOrderDelayInputSchema,
  rejectOrderInputSchema,
  reportParcelProblemInputSchema,
  resubmitOrderInputSchema,
  saveOrderDraftInputSchema,
  saveOrderDraftOutputSchema,
  submitOrderInputSchema,
} from '../schemas/orders';
import { productionSettingsSchema, updateProductionSettingsInputSchema } from '../schemas/production-settings';

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
    practice: 'orders',
    // attachments: the draft's list of files is built from what is stored.
    resources: { tables: { orders: 'readWrite', users: 'read' }, attachments: 'read' },
  },
  discardOrderDraft: {
    input: orderIdInputSchema,
    output: z.object({ discarded: z.boolean() }),
    access: CUSTOMER,
    practice: 'orders',
    resources: { tables: { orders: 'readWrite', users: 'read' }, attachments: 'readWrite' },
  },
  submitOrder: {
    input: submitOrderInputSchema,
    output: orderSchema,
    access: CUSTOMER,
    practice: 'submitOrders',
    // consults: "Order this" marks the consult ordered in the order's own transaction.
    // warrantyClaims: a warranty remake is refused for a lens a claim holds.
    // referenceData: the shipping calendar the promise is counted on.
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
        referenceData: 'read',
      },
      attachments: 'read',
    },
  },
  cancelOrder: {
    input: cancelOrderInputSchema,
    output: orderSchema,
    access: CUSTOMER,
    practice: 'orders',
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
    practice: 'submitOrders',
    // referenceData: the promise is counted again from the answer.
    resources: {
      tables: {
        orders: 'readWrite',
        counters: 'readWrite',
        lenses: 'read',
        users: 'read',
        customers: 'read',
        outbox: 'write',
        referenceData: 'read',
      },
      attachments: 'read',
    },
  },
  getOrder: {
    input: orderIdInputSchema,
    output: orderSchema,
    access: CUSTOMER_OR_ADMIN,
    practice: 'orders',
    resources: { tables: { orders: 'read', users: 'read', customers: 'read' } },
  },
  listAccountOrders: {
    input: listAccountOrdersInputSchema,
    output: orderPageSchema,
    access: CUSTOMER_OR_ADMIN,
    practice: 'orders',
    resources: { tables: { orders: 'read', users: 'read' } },
  },
  listOrders: {
    input: listOrdersInputSchema,
    output: orderPageSchema,
    access: ADMIN,
    // referenceData: the calendar each order's promise state is counted on.
    resources: { tables: { orders: 'read', referenceData: 'read' } },
  },
  approveOrder: labOrderAction(approveOrderInputSchema),
  holdOrder: labOrderAction(holdOrderInputSchema),
  rejectOrder: labOrderAction(rejectOrderInputSchema),
  closeOrder: {
    ...labOrderAction(closeOrderInputSchema),
    // counters (readWrite above) also holds the parcel index the close writes; referenceData: the lab's
    // calendar names the day it shipped; creditLedger: a missed ship guarantee's credit, in the same transaction.
    resources: {
      tables: {
        ...labOrderAction(closeOrderInputSchema).resources.tables,
        referenceData: 'read',
        creditLedger: 'readWrite',
      },
    },
  },
  /** The lab's bulk stage move: each order its own conditional write; the answer says which moved. */
  moveOrderStages: {
    input: moveOrderStagesInputSchema,
    output: moveOrderStagesOutputSchema,
    access: ADMIN,
    // referenceData: the lab's stage list the moves are checked against.
    resources: { tables: { orders: 'readWrite', users: 'read', referenceData: 'read' } },
  },
  /** The lab moves a ship date and tells the practice why (the 'order-delayed' email, in the same transaction). */
  recordOrderDelay: {
    input: recordOrderDelayInputSchema,
    output: orderSchema,
    access: ADMIN,
    // referenceData: the calendar the new day is checked on (a business day, not before today).
    resources: { tables: { orders: 'readWrite', users: 'read', referenceData: 'read', outbox: 'write' } },
  },
  /**
   * The practice reports a parcel of its shipped order missing or damaged (within 30 days): a claim on the
   * parcel and the lab's 'parcel-claim-opened' email, in one transaction.
   */
  reportParcelProblem: {
    input: reportParcelProblemInputSchema,
    output: orderSchema,
    access: CUSTOMER,
    practice: 'orders',
    // customers: the answer shows prices only when the practice's account may see them.
    resources: { tables: { orders: 'readWrite', users: 'read', customers: 'read', outbox: 'write' } },
  },
  /** The lab replaces the lenses of a reported parcel or declines the claim ('parcel-claim-decided' to the practice). */
  decideParcelClaim: {
    input: decideParcelClaimInputSchema,
    output: orderSchema,
    access: ADMIN,
    resources: { tables: { orders: 'readWrite', users: 'read', outbox: 'write' } },
  },
  /** The lab's stages and shipping calendar: the order form counts the promise from them before a submit. */
  getProductionSettings: {
    input: emptyInputSchema,
    output: productionSettingsSchema,
    access: CUSTOMER_OR_ADMIN,
    practice: 'orders',
    resources: { tables: { referenceData: 'read' } },
  },
  updateProductionSettings: {
    input: updateProductionSettingsInputSchema,
    output: productionSettingsSchema,
    access: SUPER_ADMIN,
    resources: { tables: { referenceData: 'readWrite' } },
  },
  getAdminDashboard: {
    input: emptyInputSchema,
    output: adminDashboardSchema,
    access: ADMIN,
    // referenceData: the lab's calendar names today, the last day of the on-time windows.
    resources: { tables: { orders: 'read', counters: 'read', userActivity: 'read', referenceData: 'read' } },
  },
  /**
   * The parcel-tracking service's signed events (EasyPost webhooks; the fake carrier's locally): moves a parcel,
   * and delivers the order with its last one. Public: the service's signature over the body is its
   * authentication (lambdas/http/create-webhook-handler.ts). counters: the parcel index that names the order.
   */
  carrierWebhook: {
    kind: 'webhook',
    input: webhookInputSchema,
    output: webhookOutputSchema,
    access: 'public',
    resources: { tables: { orders: 'readWrite', counters: 'read' }, parcelTracking: true },
    rateLimit: 50,
  },
});
