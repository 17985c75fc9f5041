import './helpers/stack-env';
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { CHANGED_MESSAGES } from '../../core/messages';
import { PARCEL_CLAIM_MESSAGES } from '../../core/rules/parcel-claims';
import { getRow, putLensDesign, putRow } from '../support/dynamo-rows';
import { handlerCaller } from '../support/handler-caller';
import { testDesign } from '../support/order-fakes';
import { uniqueTrackingNumber } from '../support/tracking-fixtures';
import { labUser, practiceUser } from '../support/stack-users';
import { outboxEmails, shippedOrder as shipped, testAccountNumber } from './helpers/order-flow';
import * as decideParcelClaim from '../../lambdas/handlers/orders/decide-parcel-claim';
import * as getOrder from '../../lambdas/handlers/orders/get-order';
import * as reportParcelProblem from '../../lambdas/handlers/orders/report-parcel-problem';

/**
 * Parcel claims against the emulators (docs/decisions/0100-production-stages-and-the-ship-promise.md "Claims"):
 * a practice reports a parcel of its shipped order, the lab decides, each change and its email in one write.
 */
const call = handlerCaller({
  getOrder: getOrder.handler,
  reportParcelProblem: reportParcelProblem.handler,
  decideParcelClaim: decideParcelClaim.handler,
});

const LENS_ID = `it-claims-${randomUUID().slice(0, 8)}`;
const NOTE = 'The box arrived crushed and the OD vial was cracked.';

beforeAll(async () => {
  await putLensDesign(testDesign({ lensId: LENS_ID }));
});

/** A practice's order the lab approved and shipped in one UPS parcel. */
async function shippedOrder(admin: string) {
  const trackingNumber = uniqueTrackingNumber('ups');
  const { token, orderId, order } = await shipped(admin, LENS_ID, [trackingNumber]);
  // The stack's outbox registers the parcel with the carrier and keeps its tracker id on the parcel's index entry,
  // leaving the order at the version the close answered: a claim right after shipping acts on that version.
  await vi.waitFor(
    async () => {
      const entry = await getRow('counters', { counter: `parcel#ups#${trackingNumber}` });
      expect(entry?.['trackerId']).toBeDefined();
    },
    { timeout: 20_000, interval: 200 },
  );
  return { token, orderId, trackingNumber, order };
}

describe('parcel claims against the emulators', () => {
  it('the practice reports a damaged parcel, the lab replaces it: each change and its email stored together', async () => {
    const admin = await labUser();
    const { token, orderId, trackingNumber, order } = await shippedOrder(admin);
    const reported = await call('reportParcelProblem', token, {
      orderId,
      version: order.version,
      parcelId: '1',
      kind: 'damaged',
      note: NOTE,
    });
    expect(reported.status, JSON.stringify(reported.body)).toBe(200);
    expect(reported.body.result.parcels[0].claim).toMatchObject({ kind: 'damaged', note: NOTE, status: 'open' });
    const stored = await getRow('orders', { orderId });
    expect(stored).toMatchObject({
      version: order.version + 1,
      parcels: [{ trackingNumber, claim: { status: 'open' } }],
    });
    const opened = await outboxEmails(orderId, 'parcel-claim-opened');
    expect(opened).toHaveLength(1);
    expect(opened[0]!['notice']).toMatchObject({ parcelId: '1' });

    const decided = await call('decideParcelClaim', admin, {
      orderId,
      version: reported.body.result.version,
      parcelId: '1',
      decision: 'replace',
    });
    expect(decided.status, JSON.stringify(decided.body)).toBe(200);
    expect(decided.body.result.parcels[0].claim).toMatchObject({
      status: 'replaced',
      decidedBy: { name: expect.any(String) },
    });
    expect(await outboxEmails(orderId, 'parcel-claim-decided')).toHaveLength(1);
    // The practice reads the decision on its order, the lab's name as "Lenslab".
    const read = await call('getOrder', token, { orderId });
    expect(read.body.result.parcels[0].claim.status).toBe('replaced');
    expect(read.body.result.history.at(-1)).toMatchObject({ action: 'parcel-claim-decide', by: { name: 'Lenslab' } });
  });

  it('another practice gets not-found, a stale version a 409, a second report and a late one their reasons', async () => {
    const admin = await labUser();
    const { token, orderId, order } = await shippedOrder(admin);
    const { token: other } = await practiceUser(testAccountNumber());
    const input = { orderId, version: order.version, parcelId: '1', kind: 'missing', note: NOTE };
    const foreign = await call('reportParcelProblem', other, input);
    expect(foreign.status).toBe(404);
    expect(await call('reportParcelProblem', admin, input)).toMatchObject({ status: 403 });
    const stale = await call('reportParcelProblem', token, { ...input, version: order.version - 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.error.message).toBe(CHANGED_MESSAGES.order);
    expect(await outboxEmails(orderId, 'parcel-claim-opened')).toEqual([]);

    const first = await call('reportParcelProblem', token, input);
    expect(first.status).toBe(200);
    const again = await call('reportParcelProblem', token, { ...input, version: first.body.result.version });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(PARCEL_CLAIM_MESSAGES.claimed);
    const lateStale = await call('decideParcelClaim', admin, {
      orderId,
      version: order.version,
      parcelId: '1',
      decision: 'decline',
      note: 'Signed for at your front desk.',
    });
    expect(lateStale.status).toBe(409);

    // Shipped 31 days ago: the report is refused with the day it shipped.
    const old = await shippedOrder(admin);
    const row = (await getRow('orders', { orderId: old.orderId }))!;
    await putRow('orders', {
      ...row,
      statusAt: new Date(Date.now() - 31 * 24 * 60 * 60 * 1000).toISOString(),
      shippedOn: '2026-01-05',
    });
    const late = await call('reportParcelProblem', old.token, {
      ...input,
      orderId: old.orderId,
      version: old.order.version,
    });
    expect(late.status).toBe(400);
    expect(late.body.error.message).toBe(
      'Claims are taken within 30 days of shipping: this parcel shipped on Monday, January 5, 2026.',
    );
    expect(await outboxEmails(old.orderId, 'parcel-claim-opened')).toEqual([]);
  });
});
