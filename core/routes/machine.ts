import { defineRoutes } from '../define-routes';
import { SUPER_ADMIN } from './access-groups';
import { createInvoiceInputSchema, invoiceSchema } from '../schemas/invoices';
import {
  createdMachineClientSchema,
  createMachineClientInputSchema,
  deleteMachineClientInputSchema,
  deleteMachineClientOutputSchema,
  listMachineClientsInputSchema,
  listMachineClientsOutputSchema,
  machineOrderPageSchema,
  machinePullOrdersInputSchema,
  machineSetOrderStageInputSchema,
  machineSetOrderStageOutputSchema,
} from '../schemas/machine';
import { closeOrderInputSchema, orderSchema } from '../schemas/orders';

/**
 * The machine API (docs/decisions/0104-machine-api.md): the lab's production and accounting software, with a
 * client-credentials token of the scopes each route names (all of them). No person's token reaches these routes,
 * and no machine token any other. The writes are the lab's own actions, with the resources of their lab routes.
 */
export const machineRoutes = defineRoutes('machine', {
  /** Approved orders after a cursor, oldest approval first: what production has to make. */
  machinePullOrders: {
    input: machinePullOrdersInputSchema,
    output: machineOrderPageSchema,
    access: { machine: ['orders.read'] },
    resources: { tables: { orders: 'read' } },
  },
  /** One order to a production stage (as moveOrderStages, one order). */
  machineSetOrderStage: {
    input: machineSetOrderStageInputSchema,
    output: machineSetOrderStageOutputSchema,
    access: { machine: ['orders.write-status'] },
    resources: { tables: { orders: 'readWrite', users: 'read', referenceData: 'read' } },
  },
  /**
   * Ships an order with its parcels' tracking numbers (as closeOrder): the close issues the order's invoice in the
   * same write, so it needs both scopes.
   */
  machineShipOrder: {
    input: closeOrderInputSchema,
    output: orderSchema,
    access: { machine: ['orders.write-status', 'invoices.write'] },
    resources: {
      tables: {
        orders: 'readWrite',
        counters: 'readWrite',
        invoices: 'readWrite',
        customers: 'read',
        users: 'read',
        outbox: 'write',
        referenceData: 'read',
        creditLedger: 'readWrite',
      },
    },
  },
  /** An invoice (as createInvoice): an invoice number already issued is refused 409, so a retry never bills twice. */
  machineIssueInvoice: {
    input: createInvoiceInputSchema,
    output: invoiceSchema,
    access: { machine: ['invoices.write'] },
    resources: { tables: { invoices: 'readWrite', customers: 'read', users: 'read', outbox: 'write' } },
  },
  /** A super admin registers a program: a pool app client of the client-credentials flow; its secret shown once. */
  createMachineClient: {
    input: createMachineClientInputSchema,
    output: createdMachineClientSchema,
    access: SUPER_ADMIN,
    resources: { userPool: ['CreateUserPoolClient'] },
  },
  listMachineClients: {
    input: listMachineClientsInputSchema,
    output: listMachineClientsOutputSchema,
    access: SUPER_ADMIN,
    resources: { userPool: ['ListUserPoolClients', 'DescribeUserPoolClient'] },
  },
  /** Stops new tokens at once; a token already issued lasts out its hour. */
  deleteMachineClient: {
    input: deleteMachineClientInputSchema,
    output: deleteMachineClientOutputSchema,
    access: SUPER_ADMIN,
    resources: { userPool: ['DescribeUserPoolClient', 'DeleteUserPoolClient'] },
  },
});
