/**
 * The machine API's shapes (docs/decisions/0102-machine-api.md): what the lab's production and accounting software
 * sends and receives. The writes take the lab's own inputs (a stage move, a close, an invoice), so one rule set
 * checks both the lab's pages and the machines.
 */
import { lazySchema } from './lazy-schema';
import * as z from '../zod';
import { pageCursorSchema, pageLimitSchema } from './paging';
import { versionSchema } from './bounds';
import { orderIdSchema } from './order-keys';
import { stageIdSchema } from './production-stages';
import { orderSchema, orderSummarySchema } from './orders';

/** Orders one pull may return: a production batch, and an answer that stays small. */
export const MACHINE_PULL_LIMIT = { max: 100, defaultLimit: 50 } as const;

/** `machinePullOrders`: approved orders after the cursor (none: from the oldest), oldest approval first. */
export const machinePullOrdersInputSchema = lazySchema(() =>
  z._default(
    z.optional(
      z.strictObject({
        /** The `cursor` of the previous answer, unchanged; left out on the first pull. */
        cursor: z.optional(pageCursorSchema),
        limit: pageLimitSchema(MACHINE_PULL_LIMIT.max, MACHINE_PULL_LIMIT.defaultLimit),
      }),
    ),
    { limit: MACHINE_PULL_LIMIT.defaultLimit },
  ),
);
export type MachinePullOrdersInput = z.infer<typeof machinePullOrdersInputSchema>;

/**
 * An order as the lab's software produces it: its number, account, lenses with their parameters, shipping and
 * promise. Of the patient only the initials (minimum necessary: the lab labels the lenses; the portal keeps the
 * name). Attachments, history, prices and the practice's users stay in the portal.
 */
export const machineOrderSchema = lazySchema(() =>
  z.extend(
    z.pick(orderSchema, {
      orderId: true,
      orderNumber: true,
      accountNumber: true,
      poNumber: true,
      version: true,
      stage: true,
      shipping: true,
      notes: true,
    }),
    {
      /** When the lab approved it: the pull's order. */
      approvedAt: z.string(),
      patientInitials: z.string(),
      lines: z.array(
        z.object({
          eye: z.string(),
          lensId: z.string(),
          designName: z.string(),
          designType: z.string(),
          quantity: z.number(),
          parameters: z.record(z.string(), z.union([z.number(), z.string()])),
          notes: z.optional(z.string()),
        }),
      ),
      shipBy: z.optional(z.string()),
      arriveBy: z.optional(z.string()),
    },
  ),
);
export type MachineOrder = z.infer<typeof machineOrderSchema>;

/**
 * A pull's answer: `cursor` is where the next pull goes on (null only while nothing was ever approved); `hasMore`
 * says more are waiting now, so pull again at once.
 */
export const machineOrderPageSchema = lazySchema(() =>
  z.object({ items: z.array(machineOrderSchema), cursor: z.nullable(z.string()), hasMore: z.boolean() }),
);
export type MachineOrderPage = z.infer<typeof machineOrderPageSchema>;

/** `machineSetOrderStage`: one order to a stage of the lab's list, or 'next', over the version the client read. */
export const machineSetOrderStageInputSchema = lazySchema(() =>
  z.strictObject({ orderId: orderIdSchema, version: versionSchema, to: z.union([z.literal('next'), stageIdSchema]) }),
);
export type MachineSetOrderStageInput = z.infer<typeof machineSetOrderStageInputSchema>;

/** The moved order's summary: its new version and stage. */
export const machineSetOrderStageOutputSchema = orderSummarySchema;
