/**
 * The machine API's shapes (docs/decisions/0104-machine-api.md): what the lab's production and accounting software
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
import { requiredLine } from './text-fields';
import { MACHINE_SCOPES } from '../rules/machine-scopes';

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

/** A registered machine client as the super admin's page lists it (never its secret). */
export const machineClientSchema = lazySchema(() =>
  z.object({
    clientId: z.string(),
    name: z.string(),
    scopes: z.array(z.enum(MACHINE_SCOPES)),
    createdAt: z.nullable(z.string()),
  }),
);
export type MachineClient = z.infer<typeof machineClientSchema>;

export const MACHINE_CLIENT_NAME_MAX = 60;

/** `createMachineClient`: a name the lab recognises and the scopes the program needs. */
export const createMachineClientInputSchema = lazySchema(() =>
  z.strictObject({
    name: requiredLine('Name', MACHINE_CLIENT_NAME_MAX).check(
      z.regex(/^[\w\s.()-]+$/, 'Use letters, digits, spaces and . - ( ) only'),
    ),
    scopes: z.array(z.enum(MACHINE_SCOPES, { error: 'Choose a scope from the list' })).check(
      z.minLength(1, 'Choose at least one scope'),
      z.maxLength(MACHINE_SCOPES.length, 'Each scope once'),
      z.refine((scopes) => new Set(scopes).size === scopes.length, 'Each scope once'),
    ),
  }),
);
export type CreateMachineClientInput = z.infer<typeof createMachineClientInputSchema>;

/** The new client with its secret: the only answer that ever carries it. */
export const createdMachineClientSchema = lazySchema(() => z.extend(machineClientSchema, { clientSecret: z.string() }));

export const listMachineClientsOutputSchema = lazySchema(() => z.object({ items: z.array(machineClientSchema) }));

export const listMachineClientsInputSchema = lazySchema(() => z._default(z.optional(z.strictObject({})), {}));

export const deleteMachineClientOutputSchema = lazySchema(() => z.object({ deleted: z.literal(true) }));

export const deleteMachineClientInputSchema = lazySchema(() =>
  z.strictObject({
    clientId: z.string({ error: 'Client id is required' }).check(z.regex(/^[A-Za-z0-9]{1,128}$/, 'Not a client id')),
  }),
);
