import { describe, expect, it } from 'vitest';
import type { Order } from '../../../../core/schemas/orders';
import { templateOrderNotifier } from '../../../../lambdas/adapters/template-order-notifier';
import { InMemoryEmailTemplates } from '../../../support/email-fakes';
import { InMemoryMailer, memoryLogger } from '../../../support/in-memory-ports';

function order(extra: Partial<Order> = {}): Order {
  const at = '2025-01-02T03:04:05.000Z';
  return {
    orderId: 'ord-1',
    orderNumber: 'LL-000042',
    accountNumber: 'BV-1001',
    status: 'closed',
    patient: 'Ann <Lee>',
    lines: [],
    attachments: [],
    history: [],
    createdBy: { userId: 'u1', name: 'Dr A' },
    createdAt: at,
    statusAt: at,
    updatedAt: at,
    version: 3,
    ...extra,
  };
}

const dr = { userId: 'u1', name: 'Dr A', actor: 'practice' as const };
const lab = { userId: 'u9', name: 'Lara Lab', actor: 'lab' as const };

function setup() {
  const templates = new InMemoryEmailTemplates(['lab@lenslab.test', 'orders@lenslab.test']);
  const mailer = new InMemoryMailer();
  const { log, lines } = memoryLogger();
  const customers = { get: async () => ({ company: 'Brightview Eye Care' }) as never };
  const notifier = templateOrderNotifier({ templates, mailer, customers, log, portalUrl: 'https://portal.test' });
  return { templates, mailer, lines, notifier };
}

describe('templateOrderNotifier', () => {
  it('spec 9: the closed email without invoice number or notes says "N/A" and "No order notes provided"', async () => {
    const { mailer, notifier } = setup();
    await notifier.notify('order-closed', order(), 'Practice@Example.com');
    expect(mailer.sent).toHaveLength(1);
    const [email] = mailer.sent;
    expect(email!.to).toEqual(['practice@example.com']);
    expect(email!.text).toContain('Patient name: Ann <Lee>');
    expect(email!.text).toContain('Invoice number: N/A');
    expect(email!.text).toContain('Order notes: No order notes provided');
    expect(email!.html).toContain('Ann &lt;Lee&gt;');
    expect(email!.html).toContain('href="https://portal.test/customer/orders/ord-1"');
  });

  it('spec 9: the closed email carries the invoice number and the order notes when given', async () => {
    const { mailer, notifier } = setup();
    await notifier.notify('order-closed', order({ invoiceNumber: 'INV-9', notes: 'Rush please' }), 'p@example.com');
    expect(mailer.sent[0]!.text).toContain('Invoice number: INV-9');
    expect(mailer.sent[0]!.text).toContain('Order notes: Rush please');
  });

  it('order-submitted goes to the practice and, separately, to every lab recipient, with the practice name', async () => {
    const { mailer, notifier } = setup();
    await notifier.notify('order-submitted', order({ status: 'submitted' }), 'p@example.com');
    expect(mailer.sent.map((e) => e.to)).toEqual([['p@example.com'], ['lab@lenslab.test'], ['orders@lenslab.test']]);
    expect(mailer.sent[0]!.text).toContain('from Brightview Eye Care (account BV-1001)');
  });

  it("the lab's copies link to the order approval page, the practice's copy to its own order page", async () => {
    const { mailer, notifier } = setup();
    await notifier.notify('order-submitted', order({ status: 'submitted' }), 'p@example.com');
    const [toPractice, ...toLab] = mailer.sent;
    expect(toPractice!.text).toContain('https://portal.test/customer/orders/ord-1');
    expect(toPractice!.text).not.toContain('/admin/');
    for (const email of toLab) {
      expect(email.text).toContain('https://portal.test/admin/order-approval/ord-1');
      expect(email.text).not.toContain('/customer/orders/');
    }
  });

  it('order-resubmitted (a practice answered a hold) goes to every lab recipient separately, never to the practice', async () => {
    const { mailer, notifier } = setup();
    const answered = order({
      status: 'submitted',
      history: [
        { at: 't1', action: 'hold', from: 'submitted', to: 'on-hold', by: lab, note: 'Which OS sphere?' },
        { at: 't2', action: 'resubmit', from: 'on-hold', to: 'submitted', by: dr, note: 'First answer' },
        { at: 't3', action: 'hold', from: 'submitted', to: 'on-hold', by: lab, note: 'And the OD?' },
        { at: 't4', action: 'resubmit', from: 'on-hold', to: 'submitted', by: dr, note: 'OD -2.75 <see file>' },
      ],
    });
    await notifier.notify('order-resubmitted', answered, 'p@example.com');
    expect(mailer.sent.map((e) => e.to)).toEqual([['lab@lenslab.test'], ['orders@lenslab.test']]);
    const [email] = mailer.sent;
    expect(email!.subject).toBe('Order LL-000042 resubmitted (Ann <Lee>)');
    // The latest answer, the practice's name and the lab's page for the order.
    expect(email!.text).toContain('Brightview Eye Care (account BV-1001) answered the hold on order LL-000042');
    expect(email!.text).toContain('OD -2.75 <see file>');
    expect(email!.text).not.toContain('First answer');
    expect(email!.html).toContain('OD -2.75 &lt;see file&gt;');
    expect(email!.html).toContain('href="https://portal.test/admin/order-approval/ord-1"');
  });

  it('parcel-claim-opened goes to every lab recipient (never the practice) with the parcel and the practice words', async () => {
    const { mailer, notifier } = setup();
    const claim = {
      claimId: 'LL-000042-1',
      kind: 'damaged' as const,
      note: 'Vial <cracked>',
      reportedAt: 't1',
      reportedBy: { userId: 'u1', name: 'Dr A' },
      status: 'open' as const,
    };
    const parcels = [
      {
        parcelId: '1',
        carrier: 'ups' as const,
        trackingNumber: '1Z999AA10123456784',
        status: 'delivered' as const,
        claim,
      },
    ];
    await notifier.notify('parcel-claim-opened', order({ parcels }), 'p@example.com', '1');
    expect(mailer.sent.map((e) => e.to)).toEqual([['lab@lenslab.test'], ['orders@lenslab.test']]);
    const [email] = mailer.sent;
    expect(email!.subject).toBe('Parcel claim on order LL-000042: damaged (Ann <Lee>)');
    expect(email!.text).toContain('Brightview Eye Care (account BV-1001) reported a problem with a parcel');
    expect(email!.text).toContain('Parcel: UPS 1Z999AA10123456784');
    expect(email!.html).toContain('Vial &lt;cracked&gt;');
    expect(email!.html).toContain('href="https://portal.test/admin/order-approval/ord-1"');
  });

  it('parcel-claim-decided goes to the practice only, with the outcome', async () => {
    const { mailer, notifier } = setup();
    const claim = {
      claimId: 'LL-000042-1',
      kind: 'missing' as const,
      note: 'Never came',
      reportedAt: 't1',
      reportedBy: { userId: 'u1', name: 'Dr A' },
      status: 'replaced' as const,
      decidedAt: 't2',
      decidedBy: { userId: 'u9', name: 'Lara Lab' },
    };
    const parcels = [
      {
        parcelId: '1',
        carrier: 'ups' as const,
        trackingNumber: '1Z999AA10123456784',
        status: 'delivered' as const,
        claim,
      },
    ];
    await notifier.notify('parcel-claim-decided', order({ parcels }), 'p@example.com', '1');
    expect(mailer.sent.map((e) => e.to)).toEqual([['p@example.com']]);
    expect(mailer.sent[0]!.subject).toBe('Order LL-000042: your parcel claim (Replaced)');
    expect(mailer.sent[0]!.text).toContain('We are making replacement lenses at no charge');
  });

  it('order-canceled goes to the practice and, separately, to every lab recipient, with the reason', async () => {
    const { mailer, notifier } = setup();
    const cancelled = order({
      status: 'cancelled',
      history: [{ at: 't1', action: 'cancel', from: 'submitted', to: 'cancelled', by: dr, note: 'Patient moved' }],
    });
    await notifier.notify('order-cancelled', cancelled, 'p@example.com');
    expect(mailer.sent.map((e) => e.to)).toEqual([['p@example.com'], ['lab@lenslab.test'], ['orders@lenslab.test']]);
    for (const email of mailer.sent) expect(email.text).toContain('Reason: Patient moved');
  });

  it('an orderer who is also a lab recipient gets one email, the practice one', async () => {
    const { mailer, notifier } = setup();
    await notifier.notify('order-cancelled', order({ status: 'cancelled' }), 'Lab@Lenslab.test');
    expect(mailer.sent.map((e) => e.to)).toEqual([['lab@lenslab.test'], ['orders@lenslab.test']]);
  });

  it('never throws: unreadable lab recipients leave order-resubmitted unsent and logged', async () => {
    const { templates, mailer, lines, notifier } = setup();
    templates.failGets = true;
    await expect(notifier.notify('order-resubmitted', order(), 'p@example.com')).resolves.toBeUndefined();
    expect(mailer.sent).toHaveLength(0);
    expect(lines.join('\n')).toContain('order email: lab recipients unavailable');
  });

  it.each(['order-approved', 'order-on-hold', 'order-rejected', 'order-closed'] as const)(
    "the lab's decision %s goes to the practice only",
    async (kind) => {
      const { mailer, notifier } = setup();
      await notifier.notify(kind, order({ holdMessage: 'Need topography' }), 'p@example.com');
      expect(mailer.sent.map((e) => e.to)).toEqual([['p@example.com']]);
    },
  );

  it('the on-hold email carries the hold message', async () => {
    const { mailer, notifier } = setup();
    await notifier.notify('order-on-hold', order({ holdMessage: 'Need topography' }), 'p@example.com');
    expect(mailer.sent[0]!.text).toContain('Need topography');
  });

  it('uses the saved template of the kind', async () => {
    const { templates, mailer, notifier } = setup();
    await templates.save('order-rejected', { subject: 'No: {{orderNumber}}', body: 'Because {{reason}}' }, 0, 'now');
    await notifier.notify('order-rejected', order({ rejectReason: 'Out of range' }), 'p@example.com');
    expect(mailer.sent[0]).toMatchObject({ subject: 'No: LL-000042', text: 'Because Out of range' });
  });

  it('never throws: a failed send is logged and the next recipient still gets theirs', async () => {
    const { mailer, lines, notifier } = setup();
    mailer.failNext('send');
    await expect(notifier.notify('order-submitted', order(), 'p@example.com')).resolves.toBeUndefined();
    expect(mailer.sent).toHaveLength(2);
    expect(lines.join('\n')).toContain('order email: not sent');
  });

  it('never throws: an unreadable template store falls back to the built-in text', async () => {
    const { templates, mailer, notifier } = setup();
    templates.failGets = true;
    await notifier.notify('order-approved', order(), 'p@example.com');
    expect(mailer.sent[0]!.subject).toBe('Order LL-000042 approved (Ann <Lee>)');
  });

  it('a header-injection attempt in a patient name is refused, logged and not sent', async () => {
    const { mailer, lines, notifier } = setup();
    await notifier.notify('order-approved', order({ patient: 'Ann\r\nBcc: evil@evil.test' }), 'p@example.com');
    expect(mailer.sent).toHaveLength(0);
    expect(lines.join('\n')).toContain('UnsafeEmailError');
  });

  it('with no practice email, order-submitted still reaches the lab', async () => {
    const { mailer, notifier } = setup();
    await notifier.notify('order-submitted', order(), null);
    expect(mailer.sent.map((e) => e.to[0])).toEqual(['lab@lenslab.test', 'orders@lenslab.test']);
  });
});
