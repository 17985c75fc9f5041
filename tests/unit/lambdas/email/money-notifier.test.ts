import { describe, expect, it, vi } from 'vitest';
import { templateMoneyNotifier } from '../../../../lambdas/adapters/template-money-notifier';
import type { MoneyEmail } from '../../../../lambdas/ports/money-notifier';
import { InMemoryEmailTemplates, itResolvesWhenEverySendFails } from '../../../support/email-fakes';
import { InMemoryCustomers, InMemoryMailer, InMemoryUsers, memoryLogger } from '../../../support/in-memory-ports';
import {
  sampleClaim,
  sampleCreditEntry,
  sampleInvoice,
  samplePayment,
  sampleWarrantyLens,
} from '../../../support/money-email-fakes';
import { testCustomers, testUsers } from '../../../support/test-directory';

const PRACTICE = '<script>alert(1)</script> Eye Care';

function setup(options: { company?: string; billingContacts?: string[] } = {}) {
  const templates = new InMemoryEmailTemplates(['lab@lenslab.test', 'billing@lenslab.test']);
  const mailer = new InMemoryMailer();
  const { log, lines } = memoryLogger();
  const users = testUsers([
    { userId: 'u-ann', email: 'Ann@Brightview.test', firstName: '', lastName: '' },
    { userId: 'u-bob', email: 'bob@brightview.test', firstName: '', lastName: '' },
  ]);
  const customers = testCustomers([
    {
      accountNumber: 'BV-1001',
      company: options.company ?? PRACTICE,
      ...(options.billingContacts ? { billingContacts: options.billingContacts } : {}),
    },
  ]);
  customers.userIds.set('BV-1001', new Set(['u-ann', 'u-bob']));
  const notifier = templateMoneyNotifier({
    templates,
    mailer,
    customers,
    users,
    log,
    portalUrl: 'https://portal.test',
  });
  return { templates, mailer, lines, users, customers, notifier };
}

const recipients = (mailer: InMemoryMailer) => mailer.sent.map((e) => e.to);

describe('templateMoneyNotifier: who gets each money email', () => {
  it("invoice-issued goes to the practice's billing contacts as well as the orderer, each address once", async () => {
    const { mailer, notifier } = setup({ billingContacts: ['ap@brightview.test', 'ann@brightview.test'] });
    await notifier.notify({ kind: 'invoice-issued', invoice: sampleInvoice(), to: ['Ann@Brightview.test'] });
    expect(recipients(mailer)).toEqual([['ann@brightview.test'], ['ap@brightview.test']]);
  });

  it("statement-issued goes to the account's users and its billing contacts", async () => {
    const { mailer, notifier } = setup({ billingContacts: ['ap@brightview.test'] });
    await notifier.notify({ kind: 'statement-issued', statement: sampleStatementSummary(), to: [] });
    expect(recipients(mailer)).toEqual([['ann@brightview.test'], ['bob@brightview.test'], ['ap@brightview.test']]);
  });

  it("payment-reminder goes to the account's users and billing contacts, naming the day and the balance", async () => {
    const { mailer, notifier } = setup({ billingContacts: ['ap@brightview.test'] });
    await notifier.notify({ kind: 'payment-reminder', invoice: sampleInvoice(), day: 7, to: [] });
    expect(recipients(mailer)).toEqual([['ann@brightview.test'], ['bob@brightview.test'], ['ap@brightview.test']]);
    expect(mailer.sent[0]!.subject).toBe('Reminder: invoice INV-1 is 7 days past due ($408.50)');
    expect(mailer.sent[0]!.text).toContain('https://portal.test/customer/payment?invoice=INV-1&account=BV-1001');
  });

  it('billing contacts do not get receipts, declined cards or lens credit: those stay with the payer and users', async () => {
    const { mailer, notifier } = setup({ billingContacts: ['ap@brightview.test'] });
    await notifier.notify({ kind: 'payment-receipt', payment: samplePayment(), invoices: [sampleInvoice()] });
    await notifier.notify({ kind: 'payment-failed', payment: samplePayment({ status: 'failed' }) });
    await notifier.notify({ kind: 'credit-granted', entry: sampleCreditEntry(), to: [] });
    expect(recipients(mailer).flat()).not.toContain('ap@brightview.test');
  });

  it('invoice-issued goes to the given orderers, each as an email of their own, linking the invoice', async () => {
    const { mailer, notifier } = setup();
    await notifier.notify({
      kind: 'invoice-issued',
      invoice: sampleInvoice(),
      to: ['Ann@Brightview.test', 'c@x.test'],
    });
    expect(recipients(mailer)).toEqual([['ann@brightview.test'], ['c@x.test']]);
    const [email] = mailer.sent;
    expect(email!.subject).toBe('Invoice INV-1: $408.50 due 2025-03-03');
    expect(email!.text).toContain('https://portal.test/customer/payment?invoice=INV-1&account=BV-1001');
    expect(email!.html).toContain('href="https://portal.test/customer/payment?invoice=INV-1&amp;account=BV-1001"');
    expect(email!.text).toContain('Orders: LL-000042');
  });

  it('invoice-issued with nobody named goes to every user linked to the account', async () => {
    const { mailer, notifier } = setup();
    await notifier.notify({ kind: 'invoice-issued', invoice: sampleInvoice(), to: [] });
    expect(recipients(mailer)).toEqual([['ann@brightview.test'], ['bob@brightview.test']]);
  });

  it("payment-receipt: the payer gets the receipt, each lab recipient the lab's copy, separately", async () => {
    const { mailer, notifier } = setup();
    const payment = samplePayment();
    await notifier.notify({ kind: 'payment-receipt', payment, invoices: [sampleInvoice({ balanceCents: 0 })] });
    expect(recipients(mailer)).toEqual([['ann@brightview.test'], ['lab@lenslab.test'], ['billing@lenslab.test']]);
    const [receipt, ...labCopies] = mailer.sent;
    expect(receipt!.subject).toBe('Payment received: $408.50 (receipt R-20250202-0001)');
    expect(receipt!.text).toContain('Hello Ann Fitter,');
    expect(receipt!.text).toContain('Paid by card: $308.50\nPaid with lens credit: $100.00');
    expect(receipt!.text).toContain('INV-1: $408.50 paid, balance now $0.00');
    expect(receipt!.text).toContain('https://portal.test/customer/payment?account=BV-1001');
    for (const copy of labCopies) {
      expect(copy.subject).toContain('Payment received from');
      expect(copy.text).toContain('Ann Fitter paid $408.50');
      expect(copy.text).toContain('https://portal.test/admin/invoices');
      expect(copy.text).not.toContain('/customer/');
    }
  });

  it('no card data or gateway secret reaches any payment email', async () => {
    const { mailer, notifier } = setup();
    const payment = samplePayment();
    await notifier.notify({ kind: 'payment-receipt', payment, invoices: [sampleInvoice()] });
    await notifier.notify({ kind: 'payment-failed', payment: { ...payment, status: 'failed' } });
    expect(mailer.sent.length).toBeGreaterThan(0);
    for (const email of mailer.sent) {
      for (const part of [email.subject, email.text, email.html]) {
        expect(part).not.toContain('secret');
        expect(part).not.toContain('pi_intent_123');
        expect(part).not.toContain(payment.paymentId);
      }
    }
  });

  it("a payer who is also a lab recipient gets the receipt only, not the lab's copy too", async () => {
    const { mailer, notifier } = setup();
    const payment = samplePayment({ payer: { userId: 'u-lab', name: 'Lara', email: 'LAB@lenslab.test' } });
    await notifier.notify({ kind: 'payment-receipt', payment, invoices: [] });
    expect(recipients(mailer)).toEqual([['lab@lenslab.test'], ['billing@lenslab.test']]);
    expect(mailer.sent[0]!.subject).toMatch(/^Payment received: /);
    expect(mailer.sent[1]!.subject).toMatch(/^Payment received from /);
  });

  it('payment-failed goes to the payer only, with the reason and a way to try again', async () => {
    const { mailer, notifier } = setup();
    const payment = samplePayment({ status: 'failed', failureMessage: 'Your card was declined.' });
    await notifier.notify({ kind: 'payment-failed', payment });
    expect(recipients(mailer)).toEqual([['ann@brightview.test']]);
    expect(mailer.sent[0]!.subject).toBe('Your payment of $308.50 did not go through');
    expect(mailer.sent[0]!.text).toContain('Reason given: Your card was declined.');
    expect(mailer.sent[0]!.text).toContain('https://portal.test/customer/payment?account=BV-1001');
  });

  it('payment-refunded goes to the payer only: the refund receipt with the amount, its number and what the invoice owes again', async () => {
    const { mailer, notifier } = setup({ company: 'Brightview Eye Care' });
    const payment = samplePayment();
    const refund = {
      refundId: 'rf-1',
      invoiceNumber: 'INV-1',
      amountCents: 12_050,
      reason: 'One lens returned unopened.',
      status: 'succeeded' as const,
      requestedAt: '2025-02-10T10:00:00.000Z',
      settledAt: '2025-02-10T10:00:01.000Z',
      requestedBy: { userId: 'u-lab', name: 'Lara' },
      receiptNumber: 'RF-20250210-RF1AAAAA',
    };
    await notifier.notify({
      kind: 'payment-refunded',
      payment,
      refund,
      invoice: sampleInvoice({ balanceCents: 12_050 }),
    });
    expect(recipients(mailer)).toEqual([['ann@brightview.test']]);
    const [email] = mailer.sent;
    expect(email!.subject).toBe('Refund of $120.50 (refund RF-20250210-RF1AAAAA)');
    expect(email!.text).toContain('We refunded $120.50 of your card payment R-20250202-0001 for Brightview Eye Care');
    expect(email!.text).toContain('Balance of the invoice now: $120.50\nReason: One lens returned unopened.');
    expect(email!.text).not.toContain('Lara');
  });

  it("payment-disputed alerts the lab's recipients, never the practice", async () => {
    const { mailer, notifier } = setup({ company: 'Brightview Eye Care' });
    const dispute = {
      disputeId: 'dp_1',
      amountCents: 40_850,
      reason: 'fraudulent',
      status: 'open' as const,
      openedAt: '2025-02-11T10:00:00.000Z',
    };
    await notifier.notify({ kind: 'payment-disputed', payment: samplePayment(), dispute });
    expect(recipients(mailer)).toEqual([['lab@lenslab.test'], ['billing@lenslab.test']]);
    expect(mailer.sent[0]!.subject).toBe('Card dispute Open: $408.50 from Brightview Eye Care');
    expect(mailer.sent[0]!.text).toContain('https://portal.test/admin/invoices');
  });

  it("credit-granted with nobody named goes to the account's users, with the amount and the new balance", async () => {
    const { mailer, notifier } = setup({ company: 'Brightview Eye Care' });
    await notifier.notify({ kind: 'credit-granted', entry: sampleCreditEntry(), to: [] });
    expect(recipients(mailer)).toEqual([['ann@brightview.test'], ['bob@brightview.test']]);
    const [email] = mailer.sent;
    expect(email!.subject).toBe('Lens credit added: $250.00');
    expect(email!.text).toContain('The lab added $250.00 of lens credit to Brightview Eye Care (account BV-1001).');
    expect(email!.text).toContain('Reason: Goodwill');
    expect(email!.text).toContain('Available credit now: $350.00');
    expect(email!.text).toContain('https://portal.test/customer/credit');
  });

  it('claim-submitted goes to every lab recipient separately, linking the claims queue, never to the practice', async () => {
    const { mailer, notifier } = setup();
    await notifier.notify({ kind: 'claim-submitted', claim: sampleClaim() });
    expect(recipients(mailer)).toEqual([['lab@lenslab.test'], ['billing@lenslab.test']]);
    expect(mailer.sent[0]!.subject).toBe('New warranty claim: order LL-000042 OS (left eye)');
    expect(mailer.sent[0]!.text).toContain('https://portal.test/admin/warranty-claims');
    expect(mailer.sent[0]!.text).toContain('Credit if approved: $400.00');
  });

  it('claim-decided goes to whoever submitted it; a denial carries the reason', async () => {
    const { mailer, notifier } = setup();
    const claim = sampleClaim({ status: 'denied', decisionReason: 'Outside the <warranty>' });
    await notifier.notify({ kind: 'claim-decided', claim, to: ['ann@brightview.test'] });
    expect(recipients(mailer)).toEqual([['ann@brightview.test']]);
    expect(mailer.sent[0]!.subject).toBe('Warranty claim for order LL-000042 OS (left eye): Denied');
    expect(mailer.sent[0]!.text).toContain('Reason: Outside the <warranty>');
    expect(mailer.sent[0]!.html).toContain('Reason: Outside the &lt;warranty&gt;');
  });

  it('claim-decided approved with a return: asks for the lens and says when the credit comes', async () => {
    const { mailer, notifier } = setup();
    await notifier.notify({
      kind: 'claim-decided',
      claim: sampleClaim({ status: 'awaiting-return' }),
      to: ['a@b.test'],
    });
    expect(mailer.sent[0]!.text).toContain(
      'Please send the lens back to the lab: $400.00 becomes lens credit when it arrives.',
    );
  });

  it('claim emails never read the practice record (their routes may not read customers)', async () => {
    const { customers, notifier } = setup();
    const get = vi.spyOn(customers, 'get');
    await notifier.notify({ kind: 'claim-submitted', claim: sampleClaim() });
    await notifier.notify({ kind: 'claim-decided', claim: sampleClaim({ status: 'approved' }), to: ['a@b.test'] });
    expect(get).not.toHaveBeenCalled();
  });

  it("warranty-ending goes to the account's users, listing each lens with its end date and days left", async () => {
    const { mailer, notifier } = setup({ company: 'Brightview Eye Care' });
    const lenses = [
      sampleWarrantyLens(),
      sampleWarrantyLens({
        orderNumber: 'LL-000041',
        eye: 'OS',
        daysLeft: 1,
        windowEndsAt: '2025-03-19T10:00:00.000Z',
      }),
    ];
    await notifier.notify({ kind: 'warranty-ending', accountNumber: 'BV-1001', lenses, to: [] });
    expect(recipients(mailer)).toEqual([['ann@brightview.test'], ['bob@brightview.test']]);
    const [email] = mailer.sent;
    expect(email!.subject).toBe('Warranty ending soon for 2 lenses (account BV-1001)');
    expect(email!.text).toContain(
      'Order LL-000041 OS, Test Scleral (patient Ann Lee): warranty ends 2025-03-19, 1 day left\n' +
        'Order LL-000042 OD, Test Scleral (patient Ann Lee): warranty ends 2025-04-01, 14 days left',
    );
    expect(email!.text).toContain('https://portal.test/customer/credit');
  });

  it('uses the saved template of the kind', async () => {
    const { templates, mailer, notifier } = setup();
    await templates.save(
      'credit-granted',
      { subject: 'Credit {{creditAmount}}', body: 'Now {{balanceAmount}}' },
      0,
      'now',
    );
    await notifier.notify({ kind: 'credit-granted', entry: sampleCreditEntry(), to: ['a@b.test'] });
    expect(mailer.sent[0]).toMatchObject({ subject: 'Credit $250.00', text: 'Now $350.00' });
  });

  it('without the portal address the links are words, never a wrong link', async () => {
    const { templates, mailer } = setup();
    const notifier = templateMoneyNotifier({
      templates,
      mailer,
      customers: new InMemoryCustomers(),
      users: new InMemoryUsers(),
      log: memoryLogger().log,
      portalUrl: null,
    });
    await notifier.notify({ kind: 'invoice-issued', invoice: sampleInvoice(), to: ['a@b.test'] });
    expect(mailer.sent[0]!.text).toContain('See the invoice and pay it online at the Lenslab Portal (Pay Online)');
    expect(mailer.sent[0]!.html).not.toContain('<a ');
  });
});

describe('templateMoneyNotifier never throws', () => {
  const everyKind: MoneyEmail[] = [
    { kind: 'invoice-issued', invoice: sampleInvoice(), to: [] },
    { kind: 'payment-receipt', payment: samplePayment(), invoices: [] },
    { kind: 'payment-failed', payment: samplePayment({ status: 'failed' }) },
    { kind: 'credit-granted', entry: sampleCreditEntry(), to: [] },
    { kind: 'claim-submitted', claim: sampleClaim() },
    { kind: 'claim-decided', claim: sampleClaim({ status: 'approved' }), to: [] },
    { kind: 'warranty-ending', accountNumber: 'BV-1001', lenses: [sampleWarrantyLens()], to: [] },
  ];

  itResolvesWhenEverySendFails(everyKind, setup, 'money email: not sent');

  it('an unreadable template store falls back to the built-in text', async () => {
    const { templates, mailer, lines, notifier } = setup();
    templates.failGets = true;
    await notifier.notify({ kind: 'payment-failed', payment: samplePayment({ status: 'failed' }) });
    expect(mailer.sent[0]!.subject).toBe('Your payment of $308.50 did not go through');
    expect(lines.join('\n')).toContain('money email: template unavailable, the built-in text is used');
  });

  it("unreadable lab recipients: the payer still gets the receipt; the lab's copy is logged as unsent", async () => {
    const { templates, mailer, lines, notifier } = setup();
    templates.labRecipients = async () => {
      throw new Error('DynamoDB unavailable');
    };
    await notifier.notify({ kind: 'payment-receipt', payment: samplePayment(), invoices: [] });
    expect(recipients(mailer)).toEqual([['ann@brightview.test']]);
    expect(lines.join('\n')).toContain('money email: lab recipients unavailable');
  });

  it('unreadable account users: nothing is sent, it is logged, and the call resolves', async () => {
    const { users, mailer, lines, notifier } = setup();
    users.failNext('batchGet');
    await expect(
      notifier.notify({ kind: 'credit-granted', entry: sampleCreditEntry(), to: [] }),
    ).resolves.toBeUndefined();
    expect(mailer.sent).toHaveLength(0);
    expect(lines.join('\n')).toContain('money email: account users unavailable');
  });

  it('a failed send is logged and the next recipient still gets theirs', async () => {
    const { mailer, notifier } = setup();
    mailer.failNext('send');
    await notifier.notify({ kind: 'claim-submitted', claim: sampleClaim() });
    expect(recipients(mailer)).toEqual([['billing@lenslab.test']]);
  });

  it('a header-injection attempt in a practice name is refused, logged and not sent', async () => {
    const { mailer, lines, notifier } = setup({ company: 'Eye Care\r\nBcc: evil@evil.test' });
    await notifier.notify({ kind: 'payment-receipt', payment: samplePayment(), invoices: [] });
    // The payer's subject does not name the practice; the lab's copies do and are refused.
    expect(recipients(mailer)).toEqual([['ann@brightview.test']]);
    expect(lines.join('\n')).toContain('UnsafeEmailError');
  });

  it('a malformed email (no account to read) is logged, not thrown', async () => {
    const { lines, notifier } = setup();
    await expect(notifier.notify({ kind: 'payment-failed' } as unknown as MoneyEmail)).resolves.toBeUndefined();
    expect(lines.join('\n')).toContain('money email: failed');
  });
});

function sampleStatementSummary(): Extract<MoneyEmail, { kind: 'statement-issued' }>['statement'] {
  return {
    accountNumber: 'BV-1001',
    month: '2025-02',
    version: 1,
    periodFrom: '2025-02-01',
    periodTo: '2025-02-28',
    timeZone: 'America/New_York',
    practiceName: 'Brightview Eye Care',
    issuedAt: '2025-03-03T11:00:00.000Z',
    openingCents: 0,
    chargesCents: 40_850,
    paymentsCents: 0,
    creditsCents: 0,
    closingCents: 40_850,
    aging: { current: 40_850, days1To30: 0, days31To60: 0, days61To90: 0, over90: 0 },
  };
}
