import './helpers/stack-env';
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { getRow, putLensDesign } from '../support/dynamo-rows';
import { handlerCaller } from '../support/handler-caller';
import { testDesign } from '../support/order-fakes';
import { labUser, practiceUser } from '../support/stack-users';
import * as decideWarrantyClaim from '../../lambdas/handlers/credit/decide-warranty-claim';
import * as exportCreditLedger from '../../lambdas/handlers/credit/export-credit-ledger';
import * as getCreditSummary from '../../lambdas/handlers/credit/get-credit-summary';
import * as grantGoodwillCredit from '../../lambdas/handlers/credit/grant-goodwill-credit';
import * as listCreditLedger from '../../lambdas/handlers/credit/list-credit-ledger';
import * as listWarrantyClaims from '../../lambdas/handlers/credit/list-warranty-claims';
import * as markClaimReturnReceived from '../../lambdas/handlers/credit/mark-claim-return-received';
import * as submitWarrantyClaim from '../../lambdas/handlers/credit/submit-warranty-claim';
import * as approveOrder from '../../lambdas/handlers/orders/approve-order';
import * as closeOrder from '../../lambdas/handlers/orders/close-order';
import * as submitOrder from '../../lambdas/handlers/orders/submit-order';

/**
 * Lens Credit against the emulators: a shipped order's lenses in warranty, exchanges
 * counted against the policy in the submit transaction, a cancellation claim from submit to credit, goodwill,
 * the CSV, and another practice refused with the same not-found.
 */
const call = handlerCaller({
  submitOrder: submitOrder.handler,
  approveOrder: approveOrder.handler,
  closeOrder: closeOrder.handler,
  getCreditSummary: getCreditSummary.handler,
  listCreditLedger: listCreditLedger.handler,
  exportCreditLedger: exportCreditLedger.handler,
  submitWarrantyClaim: submitWarrantyClaim.handler,
  listWarrantyClaims: listWarrantyClaims.handler,
  decideWarrantyClaim: decideWarrantyClaim.handler,
  markClaimReturnReceived: markClaimReturnReceived.handler,
  grantGoodwillCredit: grantGoodwillCredit.handler,
});

const LENS_ID = `it-credit-${randomUUID().slice(0, 8)}`;
/** One exchange per eye, a $10 fee, half the price back on a cancellation once the lens is returned. */
const POLICY = { exchangesPerEye: 1, exchangeFeeCents: 1_000, cancellationCreditPercent: 50, returnRequired: true };
const PRICE = 40_000;
const account = () => `IT-${randomUUID().slice(0, 8)}`.toUpperCase();

const practiceToken = async (accountNumber: string) => (await practiceUser(accountNumber)).token;

const orderFields = (remake?: { kind: 'warranty'; ofOrderId: string }, eyes: ('OD' | 'OS')[] = ['OD', 'OS']) => ({
  patient: 'Jane Roe',
  lines: eyes.map((eye) => ({ eye, lensId: LENS_ID, parameters: { sphere: -2.5, diameter: 16.5 }, quantity: 1 })),
  shipping: { method: 'standard', address: { address: '1 Main St', city: 'Austin', state: 'TX', zip: '78701' } },
  ...(remake ? { remake } : {}),
});

/** Places, approves and closes (ships) an order through the real routes. */
async function shippedOrder(token: string, admin: string, accountNumber: string) {
  const orderId = randomUUID();
  const placed = await call('submitOrder', token, { orderId, accountNumber, order: orderFields() });
  expect(placed.status).toBe(200);
  const approved = await call('approveOrder', admin, { orderId, version: placed.body.result.version });
  const closed = await call('closeOrder', admin, {
    orderId,
    version: approved.body.result.version,
    invoiceNumber: `INV-${randomUUID().slice(0, 8)}`,
    noTracking: true,
  });
  expect(closed.status).toBe(200);
  return { orderId, orderNumber: closed.body.result.orderNumber as string };
}

let admin: string;
/** An admin with the billing permission (grants goodwill credit). */
let billing: string;
beforeAll(async () => {
  await putLensDesign(testDesign({ lensId: LENS_ID, priceCents: PRICE, warranty: POLICY }));
  admin = await labUser();
  billing = await labUser(['admin', 'billing']);
});

describe('Lens Credit against the emulators', () => {
  it('a shipped lens is in warranty with its policy; exchanges are counted and the last one is taken once', async () => {
    const accountNumber = account();
    const token = await practiceToken(accountNumber);
    const { orderId, orderNumber } = await shippedOrder(token, admin, accountNumber);

    const summary = await call('getCreditSummary', token, { accountNumber });
    expect(summary.status).toBe(200);
    expect(summary.body.result.lensesInWarranty).toHaveLength(2);
    expect(summary.body.result.lensesInWarranty[0]).toMatchObject({
      orderId,
      orderNumber,
      exchangesUsed: 0,
      exchangesAllowed: 1,
      exchangeFeeCents: 1_000,
      cancellationCreditCents: PRICE / 2,
      returnRequired: true,
      endingSoon: false,
    });

    // Two remakes of OS at the same moment: the policy allows one, so exactly one is placed.
    const racing = await Promise.all(
      [randomUUID(), randomUUID()].map((id) =>
        call('submitOrder', token, {
          orderId: id,
          accountNumber,
          order: orderFields({ kind: 'warranty', ofOrderId: orderId }, ['OS']),
        }),
      ),
    );
    expect(racing.map((r) => r.status).sort()).toEqual([200, 400]);
    const placed = racing.find((r) => r.status === 200)!;
    expect(placed.body.result.remake).toMatchObject({ kind: 'warranty', exchangeFeeCents: 1_000 });
    const refused = racing.find((r) => r.status === 400)!;
    expect(refused.body.error.message).toBe(
      `The OS lens of order ${orderNumber} was already exchanged under its warranty: a further exchange is of the lens that replaced it.`,
    );
    expect(await getRow('counters', { counter: `exchanges#${orderId}#OS` })).toMatchObject({ value: 1 });
    expect(await getRow('counters', { counter: `remade#${orderId}#OS` })).toMatchObject({ value: 1 });

    const after = await call('getCreditSummary', token, { accountNumber });
    const os = after.body.result.lensesInWarranty.find((l: { eye: string }) => l.eye === 'OS');
    expect(os.exchangesUsed).toBe(1);
  });

  it('a warranty chain against the emulators: like for like, counted on the original, claims credit the fee (docs/decisions/0058-warranty-chains.md)', async () => {
    const accountNumber = account();
    const token = await practiceToken(accountNumber);
    const { orderId, orderNumber } = await shippedOrder(token, admin, accountNumber);
    const remakeInput = (ofOrderId: string, quantity = 1) => ({
      orderId: randomUUID(),
      accountNumber,
      order: {
        ...orderFields({ kind: 'warranty', ofOrderId }, ['OD']),
        lines: [{ eye: 'OD', lensId: LENS_ID, parameters: { sphere: -3, diameter: 16.5 }, quantity }],
      },
    });

    // More lenses than were sold is refused before anything is written.
    const more = await call('submitOrder', token, remakeInput(orderId, 10));
    expect(more.status).toBe(400);
    expect(more.body.error.message).toContain('keeps its design and quantity');
    expect(await getRow('counters', { counter: `exchanges#${orderId}#OD` })).toBeUndefined();

    const first = remakeInput(orderId);
    const placed = await call('submitOrder', token, first);
    expect(placed.status).toBe(200);
    expect(placed.body.result.remake).toMatchObject({ originalOrderId: orderId, originalOrderNumber: orderNumber });
    // The same id with other contents is a 409; the same contents again the stored order.
    const changed = await call('submitOrder', token, { ...first, order: { ...first.order, patient: 'John Doe' } });
    expect(changed.status).toBe(409);
    expect((await call('submitOrder', token, first)).body.result).toEqual(placed.body.result);

    // The exchanged lens cannot also be credited.
    const onOriginal = await call('submitWarrantyClaim', token, {
      claimId: randomUUID(),
      accountNumber,
      orderId,
      eye: 'OD',
      kind: 'defect',
      note: 'Cracked',
    });
    expect(onOriginal.status).toBe(400);

    // Ship the remake: a remake of it is counted on the original, whose one exchange is used.
    const approved = await call('approveOrder', admin, { orderId: first.orderId, version: placed.body.result.version });
    const shipped = await call('closeOrder', admin, {
      orderId: first.orderId,
      version: approved.body.result.version,
      invoiceNumber: `INV-${randomUUID().slice(0, 8)}`,
      noTracking: true,
    });
    expect(shipped.status).toBe(200);
    const again = await call('submitOrder', token, remakeInput(first.orderId));
    expect(again.status).toBe(400);
    expect(again.body.error.message).toBe(
      `The OD lens of order ${orderNumber} has used its 1 exchange allowed under its warranty.`,
    );

    // A claim on the remake credits what it was billed (the $10 fee x 50%), and the queue shows the chain.
    const claim = {
      claimId: randomUUID(),
      accountNumber,
      orderId: first.orderId,
      eye: 'OD',
      kind: 'cancellation',
      note: 'Could not adapt',
    };
    const filed = await call('submitWarrantyClaim', token, claim);
    expect(filed.body.result).toMatchObject({ creditCents: 500, billedCents: 1_000, originalOrderNumber: orderNumber });
    expect((await call('submitWarrantyClaim', token, { ...claim, note: 'Other words' })).status).toBe(409);
    const queue = await call('listWarrantyClaims', admin, { status: 'submitted', limit: 100 });
    expect(queue.body.result.items.find((c: { claimId: string }) => c.claimId === claim.claimId)).toMatchObject({
      remakeOfOrderNumber: orderNumber,
      originalOrderNumber: orderNumber,
      billedCents: 1_000,
    });
  });

  it('cancel for credit: submit, approve (pending), return received (available), ledger and CSV', async () => {
    const accountNumber = account();
    const token = await practiceToken(accountNumber);
    const { orderId, orderNumber } = await shippedOrder(token, admin, accountNumber);
    const claimId = randomUUID();
    const input = { claimId, accountNumber, orderId, eye: 'OD', kind: 'cancellation', note: 'Could not adapt' };

    const submitted = await call('submitWarrantyClaim', token, input);
    expect(submitted.status).toBe(200);
    expect(submitted.body.result).toMatchObject({ status: 'submitted', creditCents: PRICE / 2, orderNumber });
    expect(submitted.body.result).not.toHaveProperty('submittedBy');
    // A retry answers the same claim; another claim on the same lens is refused.
    expect((await call('submitWarrantyClaim', token, input)).body.result).toEqual(submitted.body.result);
    const twin = await call('submitWarrantyClaim', token, { ...input, claimId: randomUUID() });
    expect(twin.status).toBe(409);

    const queue = await call('listWarrantyClaims', admin, { status: 'submitted', limit: 100 });
    const queued = queue.body.result.items.find((c: { claimId: string }) => c.claimId === claimId);
    expect(queued.submittedBy.name).toBe('Ann User');
    expect((await call('listWarrantyClaims', token, {})).status).toBe(403);

    const approved = await call('decideWarrantyClaim', admin, { claimId, version: 0, decision: 'approve' });
    expect(approved.body.result).toMatchObject({ status: 'awaiting-return', decidedBy: { name: 'Lara User' } });
    const again = await call('decideWarrantyClaim', admin, { claimId, version: 0, decision: 'approve' });
    expect(again.status).toBe(409);
    let summary = (await call('getCreditSummary', token, { accountNumber })).body.result;
    expect(summary).toMatchObject({ availableCents: 0, pendingCents: PRICE / 2 });
    expect(summary.lensesInWarranty.find((l: { eye: string }) => l.eye === 'OD').openClaimId).toBe(claimId);
    expect(summary.claims[0]).not.toHaveProperty('decidedBy');

    const received = await call('markClaimReturnReceived', admin, { claimId, version: approved.body.result.version });
    expect(received.body.result.status).toBe('approved');
    summary = (await call('getCreditSummary', token, { accountNumber })).body.result;
    expect(summary).toMatchObject({ availableCents: PRICE / 2, pendingCents: 0 });
    expect(await getRow('creditLedger', { accountNumber, sk: 'balance' })).toMatchObject({
      availableCents: PRICE / 2,
      pendingCents: 0,
    });

    const ledger = await call('listCreditLedger', token, { accountNumber });
    expect(ledger.body.result.items).toHaveLength(1);
    expect(ledger.body.result.items[0]).toMatchObject({
      kind: 'grant',
      reason: 'cancellation',
      amountCents: PRICE / 2,
      balanceAfterCents: PRICE / 2,
      orderNumber,
      eye: 'OD',
      claimId,
    });
    expect(ledger.body.result.items[0]).not.toHaveProperty('by');

    const csv = await call('exportCreditLedger', token, { accountNumber });
    const lines = (csv.body.result.csv as string).split('\r\n');
    expect(lines[0]).toBe('Date,Kind,Reason,Amount,Balance after,Order number,Eye,Invoice,Note');
    expect(lines[1]).toContain(`,grant,cancellation,200.00,200.00,${orderNumber},OD,,`);
    expect(csv.body.result.filename).toMatch(new RegExp(`^lens-credit-${accountNumber}-\\d{4}-\\d{2}-\\d{2}\\.csv$`));
  });

  it('goodwill credit is granted once per entry id and needs a note', async () => {
    const accountNumber = account();
    const token = await practiceToken(accountNumber);
    const input = { entryId: randomUUID(), accountNumber, amountCents: 2_500, note: 'Sorry for the delay' };
    const answers = await Promise.all([1, 2, 3].map(() => call('grantGoodwillCredit', billing, input)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect((await call('getCreditSummary', token, { accountNumber })).body.result.availableCents).toBe(2_500);
    expect((await call('grantGoodwillCredit', billing, { ...input, entryId: randomUUID(), note: ' ' })).status).toBe(
      400,
    );
    expect((await call('grantGoodwillCredit', token, input)).status).toBe(403);
  });

  it('an admin without the billing permission cannot grant credit (403), and nothing is credited (docs/decisions/0091-billing-is-a-permission-of-named-staff.md)', async () => {
    const accountNumber = account();
    const token = await practiceToken(accountNumber);
    const input = { entryId: randomUUID(), accountNumber, amountCents: 2_500, note: 'Sorry for the delay' };
    expect((await call('grantGoodwillCredit', admin, input)).status).toBe(403);
    expect((await call('getCreditSummary', token, { accountNumber })).body.result.availableCents).toBe(0);
  });

  it('a ledger cursor of one account used on another is refused as bad input (400), not a server error', async () => {
    const a = account();
    const b = account();
    const token = await practiceToken(a);
    for (const amountCents of [100, 200])
      await call('grantGoodwillCredit', billing, { entryId: randomUUID(), accountNumber: a, amountCents, note: 'x' });
    const first = await call('listCreditLedger', token, { accountNumber: a, limit: 1 });
    expect(first.body.result.nextCursor).toEqual(expect.any(String));
    const other = await call('listCreditLedger', admin, {
      accountNumber: b,
      limit: 1,
      cursor: first.body.result.nextCursor,
    });
    expect(other.status).toBe(400);
  });

  it("another practice gets the same not-found for practice A's credit, claims and lenses, and changes nothing", async () => {
    const a = account();
    const b = account();
    const owner = await practiceToken(a);
    const other = await practiceToken(b);
    const { orderId } = await shippedOrder(owner, admin, a);
    const claim = { claimId: randomUUID(), orderId, eye: 'OD', kind: 'defect', note: 'hijack' };

    const onA = await call('submitWarrantyClaim', other, { ...claim, accountNumber: a });
    const onB = await call('submitWarrantyClaim', other, { ...claim, accountNumber: b });
    const unknown = await call('submitWarrantyClaim', other, { ...claim, orderId: randomUUID(), accountNumber: b });
    expect([onA.status, onB.status, unknown.status]).toEqual([404, 404, 404]);
    expect(onB.body.error.message).toBe(unknown.body.error.message);
    for (const route of ['getCreditSummary', 'listCreditLedger', 'exportCreditLedger'] as const)
      expect((await call(route, other, { accountNumber: a })).status, route).toBe(404);
    expect(await getRow('warrantyClaims', { claimId: claim.claimId })).toBeUndefined();
  });
});
