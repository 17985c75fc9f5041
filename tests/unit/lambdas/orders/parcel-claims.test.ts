import { beforeEach, describe, expect, it } from 'vitest';
import { CHANGED_MESSAGES } from '../../../../core/messages';
import { EMAIL_PLACEHOLDERS } from '../../../../core/schemas/email/email-kinds';
import { PARCEL_CLAIM_MESSAGES } from '../../../../core/rules/parcel-claims';
import {
  closeOrderInputSchema,
  decideParcelClaimInputSchema,
  reportParcelProblemInputSchema,
  type Order,
} from '../../../../core/schemas/orders';
import { DEFAULT_TEMPLATES } from '../../../../lambdas/email/default-templates';
import { CLAIM_REPLACED, orderEmailValues } from '../../../../lambdas/email/order-email-values';
import { renderTemplate } from '../../../../lambdas/email/render-template';
import { orderRefusals } from '../../../../lambdas/ports/orders-repository';
import type { OrderNotice } from '../../../../lambdas/ports/order-notifier';
import { closeOrderWithInvoice } from '../../../../lambdas/use-cases/invoices/issue-invoice';
import { noticeContent } from '../../../../lambdas/use-cases/notifications/notice-content';
import { decideParcelClaim, reportParcelProblem } from '../../../../lambdas/use-cases/orders/parcel-claims';
import { failureOf } from '../../../support/failure-of';
import { identity } from '../../../support/identities';
import type { InMemoryUsers } from '../../../support/in-memory-ports';
import { testUser } from '../../../support/test-directory';
import { approved, lab, practice, stagesWorld, type StagesWorld } from './stages-fixture';

let world: StagesWorld;
beforeEach(() => {
  world = stagesWorld();
});

const UPS = '1Z999AA10123456784';
const USPS = '9400100000000000000006';
const NOTE = 'Tracking says delivered on Friday; nothing arrived at the office.';
const DAY_MS = 24 * 60 * 60 * 1000;
/** Monday 2026-12-07, 4:30 pm in New York. */
const SHIPPED_AT = new Date('2026-12-07T21:30:00.000Z');

async function shipped(n = 1): Promise<Order> {
  const order = await approved(world, n);
  world.clock.now = SHIPPED_AT;
  const input = closeOrderInputSchema.parse({
    orderId: order.orderId,
    version: order.version,
    invoiceNumber: `INV-${n}`,
    parcels: [{ trackingNumber: UPS }, { trackingNumber: USPS }].slice(0, n === 1 ? 2 : 0),
    ...(n === 1 ? {} : { noTracking: true }),
  });
  const closed = await closeOrderWithInvoice(lab, input, world.deps);
  world.clock.now = new Date(SHIPPED_AT.getTime() + 3 * DAY_MS);
  return closed;
}

const report = (order: Order, extra: Record<string, unknown> = {}, caller = practice) =>
  reportParcelProblem(
    caller,
    reportParcelProblemInputSchema.parse({
      orderId: order.orderId,
      version: order.version,
      parcelId: '1',
      kind: 'missing',
      note: NOTE,
      ...extra,
    }),
    world.deps,
  );
const decide = (order: Order, extra: Record<string, unknown> = {}, caller = lab) =>
  decideParcelClaim(
    caller,
    decideParcelClaimInputSchema.parse({
      orderId: order.orderId,
      version: order.version,
      parcelId: '1',
      decision: 'replace',
      ...extra,
    }),
    world.deps,
  );
const claimEmails = (kind: OrderNotice['kind']) =>
  world.orders.outbox.notices<OrderNotice>('order').filter((n) => n.kind === kind);

describe('parcel claims (docs/decisions/0100-production-stages-and-the-ship-promise.md "Claims")', () => {
  it('a report opens a claim on the parcel, a timeline entry and the lab email, in one write on the version read', async () => {
    const order = await shipped();
    const writes = world.orders.writes.length;
    const claimed = await report(order);
    const claim = claimed.parcels![0]!.claim;
    expect(claim).toEqual({
      claimId: `${order.orderNumber}-1`,
      kind: 'missing',
      note: NOTE,
      reportedAt: world.clock.now.toISOString(),
      reportedBy: { userId: 'u-ann', name: expect.any(String) },
      status: 'open',
    });
    expect(claimed.parcels![1]!.claim).toBeUndefined();
    expect(claimed.version).toBe(order.version + 1);
    expect(claimed.history.at(-1)).toMatchObject({
      action: 'parcel-claim',
      from: 'closed',
      to: 'closed',
      by: { actor: 'practice' },
    });
    // The claim and its email are one write: the notice is in the write that stored the claim.
    expect(world.orders.writes.length).toBe(writes + 1);
    const write = world.orders.writes.at(-1)!;
    expect(write.expectedVersion).toBe(order.version);
    expect(write.notices!.map((m) => (m.notice as unknown as OrderNotice).kind)).toEqual(['parcel-claim-opened']);
    expect((await world.orders.get(order.orderId))!.parcels![0]!.claim).toEqual(claim);

    const [email] = claimEmails('parcel-claim-opened');
    expect(email!.parcelId).toBe('1');
    const values = orderEmailValues('parcel-claim-opened', email!.order, {
      portalUrl: 'https://portal.example',
      audience: 'lab',
      parcelId: email!.parcelId,
    });
    expect(values).toMatchObject({
      orderNumber: order.orderNumber,
      patientName: 'Jane Roe',
      carrier: 'UPS',
      trackingNumber: UPS,
      problem: 'missing',
      note: NOTE,
      orderLink: `https://portal.example/admin/order-approval/${order.orderId}`,
    });
    const body = renderTemplate(DEFAULT_TEMPLATES['parcel-claim-opened'], values).text;
    expect(body).toContain(`Parcel: UPS ${UPS}`);
    expect(body).toContain(NOTE);
    const bell = noticeContent({ topic: 'order', notice: { ...email! } })!.textFor('lab');
    expect(bell.title).toBe(`Order ${order.orderNumber}: parcel reported missing`);
    expect(world.changes.at(-1)).toMatchObject({ action: 'order.parcel-claim', after: { kind: 'missing' } });
    expect(JSON.stringify(world.changes)).not.toContain(NOTE);
  });

  it('refused: another practice (not found), not shipped, past 30 days, already claimed, stale version, unknown parcel', async () => {
    const order = await shipped();
    (world.deps.users as InMemoryUsers).rows.set(
      'u-zed',
      testUser({ userId: 'u-zed', email: 'zed@b.test', firstName: 'Zed', accountNumber: 'ACC-B' }),
    );
    const other = identity(['customer'], { userId: 'u-zed', email: 'zed@b.test' });
    expect(await failureOf(report(order, {}, other))).toMatchObject({
      status: 'not-found',
      message: 'Order not found',
    });
    expect(await failureOf(report(order, {}, lab))).toMatchObject({ status: 'permission-denied' });
    expect(await failureOf(report({ ...order, version: order.version - 1 }))).toMatchObject({
      status: 'aborted',
      message: CHANGED_MESSAGES.order,
    });
    expect(await failureOf(report(order, { parcelId: '7' }))).toMatchObject({
      status: 'invalid-argument',
      message: PARCEL_CLAIM_MESSAGES.unknownParcel,
    });

    const notShipped = await approved(world, 5);
    expect(await failureOf(report(notShipped))).toMatchObject({
      status: 'aborted',
      message: PARCEL_CLAIM_MESSAGES.notShipped,
    });

    world.clock.now = new Date(SHIPPED_AT.getTime() + 30 * DAY_MS + 1);
    expect(await failureOf(report(order))).toMatchObject({
      status: 'invalid-argument',
      message: 'Claims are taken within 30 days of shipping: this parcel shipped on Monday, December 7, 2026.',
    });
    world.clock.now = new Date(SHIPPED_AT.getTime() + 30 * DAY_MS);
    const claimed = await report(order);
    expect(await failureOf(report(claimed, { kind: 'damaged' }))).toMatchObject({
      status: 'aborted',
      message: PARCEL_CLAIM_MESSAGES.claimed,
    });
    expect(claimEmails('parcel-claim-opened')).toHaveLength(1);
  });

  it('a refused write stores neither the claim nor its email', async () => {
    const order = await shipped();
    world.orders.pendingRefusals.push(orderRefusals.refuse('order'));
    expect(await failureOf(report(order))).toMatchObject({ status: 'aborted', message: CHANGED_MESSAGES.order });
    expect((await world.orders.get(order.orderId))!.parcels![0]!.claim).toBeUndefined();
    expect(claimEmails('parcel-claim-opened')).toEqual([]);
  });

  it('replace: the claim is decided, the practice is told new lenses are made at no charge', async () => {
    const claimed = await report(await shipped());
    const decided = await decide(claimed);
    expect(decided.parcels![0]!.claim).toMatchObject({
      status: 'replaced',
      decidedAt: world.clock.now.toISOString(),
      decidedBy: { userId: 'u-lab' },
    });
    expect(decided.parcels![0]!.claim!.decisionNote).toBeUndefined();
    expect(decided.history.at(-1)).toMatchObject({ action: 'parcel-claim-decide', by: { actor: 'lab' } });
    const write = world.orders.writes.at(-1)!;
    expect(write.expectedVersion).toBe(claimed.version);
    expect(write.notices!.map((m) => (m.notice as unknown as OrderNotice).kind)).toEqual(['parcel-claim-decided']);
    const [email] = claimEmails('parcel-claim-decided');
    const values = orderEmailValues('parcel-claim-decided', email!.order, { portalUrl: null, parcelId: '1' });
    expect(values).toMatchObject({ decision: 'Replaced', outcome: CLAIM_REPLACED, note: 'None' });
    expect(renderTemplate(DEFAULT_TEMPLATES['parcel-claim-decided'], values).text).toContain(
      'We are making replacement lenses at no charge',
    );
    expect(noticeContent({ topic: 'order', notice: { ...email! } })!.textFor('practice').title).toContain(
      'replacement lenses',
    );
    expect(world.changes.at(-1)).toMatchObject({
      action: 'order.parcel-claim-decide',
      before: { claim: 'open' },
      after: { claim: 'replaced' },
    });
  });

  it('decline needs a reason, which the practice reads in the email', async () => {
    const claimed = await report(await shipped());
    expect(
      decideParcelClaimInputSchema
        .safeParse({
          orderId: claimed.orderId,
          version: claimed.version,
          parcelId: '1',
          decision: 'decline',
          note: '  ',
        })
        .error?.issues.map((i) => [i.path.join('.'), i.message]),
    ).toEqual([['note', PARCEL_CLAIM_MESSAGES.declineNeedsNote]]);
    const reason = 'The carrier shows it signed for by your front desk.';
    const decided = await decide(claimed, { decision: 'decline', note: reason });
    expect(decided.parcels![0]!.claim).toMatchObject({ status: 'declined', decisionNote: reason });
    const [email] = claimEmails('parcel-claim-decided');
    const values = orderEmailValues('parcel-claim-decided', email!.order, { portalUrl: null, parcelId: '1' });
    expect(values['outcome']).toBe(`We declined the claim. Reason: ${reason}`);
    expect(noticeContent({ topic: 'order', notice: { ...email! } })!.textFor('practice').body).toContain(reason);
  });

  it('refused: a practice, a parcel with no claim, a decided claim, a stale version', async () => {
    const order = await shipped();
    expect(await failureOf(decide(order))).toMatchObject({
      status: 'aborted',
      message: PARCEL_CLAIM_MESSAGES.noClaim,
    });
    const claimed = await report(order);
    expect(await failureOf(decide(claimed, {}, practice))).toMatchObject({ status: 'permission-denied' });
    expect(await failureOf(decide({ ...claimed, version: order.version }))).toMatchObject({
      status: 'aborted',
      message: CHANGED_MESSAGES.order,
    });
    const decided = await decide(claimed);
    expect(await failureOf(decide(decided, { decision: 'decline', note: 'No' }))).toMatchObject({
      status: 'aborted',
      message: PARCEL_CLAIM_MESSAGES.notOpen,
    });
    expect(claimEmails('parcel-claim-decided')).toHaveLength(1);
  });

  it('each claim email fills every placeholder Email Management lists, and its default template names no other', async () => {
    const decided = await decide(await report(await shipped()), { decision: 'decline', note: 'Signed for.' });
    for (const kind of ['parcel-claim-opened', 'parcel-claim-decided'] as const) {
      const values = orderEmailValues(kind, decided, { portalUrl: null, parcelId: '1' });
      expect(Object.keys(values)).toEqual(expect.arrayContaining(Object.keys(EMAIL_PLACEHOLDERS[kind])));
      const named = [...`${DEFAULT_TEMPLATES[kind].subject}${DEFAULT_TEMPLATES[kind].body}`.matchAll(/{{(\w+)}}/g)];
      expect(named.map((m) => m[1]).filter((name) => !(name! in EMAIL_PLACEHOLDERS[kind]))).toEqual([]);
    }
  });

  it('the note is 1 to 1000 characters and the kind is missing or damaged', () => {
    const input = {
      orderId: '00000000-0000-4000-8000-000000000001',
      version: 0,
      parcelId: '1',
      kind: 'missing',
      note: NOTE,
    };
    expect(reportParcelProblemInputSchema.safeParse(input).success).toBe(true);
    for (const bad of [{ note: '' }, { note: 'x'.repeat(1001) }, { kind: 'late' }, { parcelId: 'x' }])
      expect(reportParcelProblemInputSchema.safeParse({ ...input, ...bad }).success).toBe(false);
  });
});
