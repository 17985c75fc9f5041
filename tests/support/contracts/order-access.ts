import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Order } from '../../../core/schemas/orders';
import type { OrderAccess } from '../../../lambdas/ports/order-access';
import { contractOrder } from './orders-repository';

/** The narrow reader, and how a test stores an order where it reads (the orders table, or the fake's rows). */
export interface OrderAccessContractPorts {
  access: OrderAccess;
  store(order: Order): Promise<void>;
}

/**
 * The OrderAccess rules the in-memory fake (tests/support/attachments-fakes.ts) and the DynamoDB adapter both
 * keep: run from tests/unit/lambdas/contracts/ports.test.ts (fake) and tests/integration/port-contracts.test.ts.
 */
export function orderAccessContract(label: string, make: () => OrderAccessContractPorts) {
  describe(`${label}: the order access contract`, () => {
    it("an order's owner is its account, status and creator; an unknown order reads as null", async () => {
      const { access, store } = make();
      const order = contractOrder({ createdBy: { userId: 'u-contract', name: 'Ann Test' } });
      await store(order);
      expect(await access.getOrderOwner(order.orderId)).toEqual({
        accountNumber: order.accountNumber,
        status: 'draft',
        createdByUserId: 'u-contract',
      });
      expect(await access.getOrderOwner(randomUUID())).toBeNull();
    });
  });
}
