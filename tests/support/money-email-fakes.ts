/**
 * Fakes of the money-email ports (a notifier that records what it was asked to send, once-marks with their
 * notices) and money records as the stores hold them.
 */
import type { CreditEntry, WarrantyClaim, WarrantyLens } from '../../core/schemas/credit';
import type { Invoice } from '../../core/schemas/invoices';
import type { Payment } from '../../core/schemas/payments';
import type { MoneyEmail, MoneyNotifier } from '../../lambdas/ports/money-notifier';
import { ONCE_MARKS_WRITE_LIMIT, type OnceMark, type OnceMarks } from '../../lambdas/ports/once-marks';
import type { OutboxMessage } from '../../lambdas/kernel/outbox';
import { InMemoryOutbox } from './in-memory-outbox';

export class RecordingMoneyNotifier implements MoneyNotifier {
  readonly sent: MoneyEmail[] = [];
  failWith: Error | null = null;
  async notify(email: MoneyEmail) {
    if (this.failWith) throw this.failWith;
    this.sent.push(structuredClone(email));
  }
  of<K extends MoneyEmail['kind']>(kind: K): Extract<MoneyEmail, { kind: K }>[] {
    return this.sent.filter((e): e is Extract<MoneyEmail, { kind: K }> => e.kind === kind);
  }
}

/** The money emails the commits stored in `outbox` (oldest first), of one kind. */
export function moneyEmails<K extends MoneyEmail['kind']>(
  outbox: InMemoryOutbox,
  kind: K,
): Extract<MoneyEmail, { kind: K }>[] {
  return outbox.notices<MoneyEmail>('money').filter((e): e is Extract<MoneyEmail, { kind: K }> => e.kind === kind);
}

/**
 * The adapter's rules: a key is marked once, and the marks and their notices (into `outbox`) are written all
 * or none; `failNext` makes the next call throw (DynamoDB down).
 */
export class InMemoryOnceMarks implements OnceMarks {
  readonly marks = new Map<string, Date>();
  private failures = 0;
  constructor(readonly outbox: InMemoryOutbox = new InMemoryOutbox()) {}
  failNext(times = 1) {
    this.failures += times;
  }
  async markOnce(marks: OnceMark[], notices: OutboxMessage[]) {
    if (marks.length + notices.length > ONCE_MARKS_WRITE_LIMIT) throw new Error('over one transaction');
    if (this.failures > 0) {
      this.failures--;
      throw new Error('DynamoDB unavailable');
    }
    const taken = marks.filter((m) => this.marks.has(m.key)).map((m) => m.key);
    if (taken.length > 0) return taken;
    this.outbox.store(notices);
    for (const { key, expiresAt } of marks) this.marks.set(key, expiresAt);
    return [];
  }
}

/** Money records as the stores hold them, for email tests. */
export function sampleInvoice(extra: Partial<Invoice> = {}): Invoice {
  return {
    invoiceNumber: 'INV-1',
    accountNumber: 'BV-1001',
    orderIds: ['ord-1'],
    lines: [
      {
        description: 'Test Scleral OD',
        quantity: 1,
        unitCents: 40000,
        amountCents: 40000,
        orderId: 'ord-1',
        orderNumber: 'LL-000042',
        patient: 'Ann Lee',
        eye: 'OD',
      },
    ],
    subtotalCents: 40000,
    shippingCents: 850,
    taxCents: 0,
    totalCents: 40850,
    paidCents: 0,
    creditedCents: 0,
    balanceCents: 40850,
    status: 'open',
    issuedAt: '2025-02-01T10:00:00.000Z',
    dueDate: '2025-03-03',
    settlements: [],
    createdBy: { userId: 'u-lab', name: 'Lara Lab' },
    updatedAt: '2025-02-01T10:00:00.000Z',
    version: 1,
    ...extra,
  };
}

export function samplePayment(extra: Partial<Payment> = {}): Payment {
  return {
    paymentId: '11111111-2222-4333-8444-555555555555',
    accountNumber: 'BV-1001',
    payer: { userId: 'u-ann', name: 'Ann Fitter', email: 'Ann@Brightview.test' },
    allocations: [{ invoiceNumber: 'INV-1', amountCents: 40850 }],
    totalCents: 40850,
    creditCents: 10000,
    cardCents: 30850,
    status: 'succeeded',
    gateway: 'fake',
    intentId: 'pi_intent_123',
    clientSecret: 'pi_intent_123_secret_abc',
    overpaidCents: 0,
    receiptNumber: 'R-20250202-0001',
    createdAt: '2025-02-02T09:00:00.000Z',
    settledAt: '2025-02-02T09:00:05.000Z',
    version: 2,
    ...extra,
  };
}

export function sampleCreditEntry(extra: Partial<CreditEntry> = {}): CreditEntry {
  return {
    accountNumber: 'BV-1001',
    entryId: 'e-1',
    at: '2025-02-03T10:00:00.000Z',
    kind: 'grant',
    reason: 'goodwill',
    amountCents: 25000,
    balanceAfterCents: 35000,
    note: 'Sorry for the delay',
    by: { userId: 'u-lab', name: 'Lara Lab' },
    ...extra,
  };
}

export function sampleClaim(extra: Partial<WarrantyClaim> = {}): WarrantyClaim {
  return {
    claimId: 'c-1',
    accountNumber: 'BV-1001',
    kind: 'cancellation',
    status: 'submitted',
    orderId: 'ord-1',
    orderNumber: 'LL-000042',
    patient: 'Ann Lee',
    eye: 'OS',
    lensName: 'Test Scleral',
    creditCents: 40000,
    returnRequired: true,
    note: 'Could not adapt',
    submittedBy: { userId: 'u-ann', name: 'Ann Fitter' },
    createdAt: '2025-02-04T10:00:00.000Z',
    updatedAt: '2025-02-04T10:00:00.000Z',
    version: 0,
    ...extra,
  };
}

export function sampleWarrantyLens(extra: Partial<WarrantyLens> = {}): WarrantyLens {
  return {
    orderId: 'ord-1',
    orderNumber: 'LL-000042',
    patient: 'Ann Lee',
    eye: 'OD',
    lensId: 'scleral-test',
    lensName: 'Test Scleral',
    shippedAt: '2025-01-01T10:00:00.000Z',
    windowEndsAt: '2025-04-01T10:00:00.000Z',
    daysLeft: 14,
    endingSoon: false,
    exchangesUsed: 0,
    exchangesAllowed: null,
    exchangeFeeCents: 0,
    cancellationCreditCents: 40000,
    returnRequired: true,
    ...extra,
  };
}
