import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dayFromNumber, dayNumber, localDay } from '../../../core/rules/calendar-days';
import { DEFAULT_SHIPPING_CALENDAR } from '../../../core/rules/ship-date';
import {
  AGING_BUCKETS,
  agingBucketOf,
  buildStatement,
  hasActivity,
  isFirstBusinessDayOfMonth,
  periodOfMonth,
  previousMonthPeriod,
  type StatementHistory,
  type StatementInvoiceFacts,
} from '../../../core/rules/statements';

const NY = 'America/New_York';
const HOUR_MS = 60 * 60 * 1000;
const START = Date.parse('2026-01-01T12:00:00Z');

/** An instant `hours` after the first of January 2026 (UTC). */
const at = (hours: number) => new Date(START + hours * HOUR_MS).toISOString();

/**
 * Generated histories an account can really have: each invoice is issued, then takes payments and lens credit
 * up to what it owes, may have some paid back, and is voided only while nothing is applied to it (the lab's rule).
 */
type Step = { kind: 'pay' | 'credit' | 'refund' | 'void'; afterHours: number; share: number };
const stepArb: fc.Arbitrary<Step> = fc.record({
  kind: fc.constantFrom('pay', 'pay', 'credit', 'refund', 'void'),
  afterHours: fc.integer({ min: 0, max: 24 * 50 }),
  share: fc.double({ min: 0.01, max: 1, noNaN: true }),
});
const invoiceArb = fc.record({
  issuedHours: fc.integer({ min: 0, max: 24 * 180 }),
  totalCents: fc.integer({ min: 0, max: 500_000 }),
  termsDays: fc.constantFrom(0, 15, 30, 45),
  steps: fc.array(stepArb, { maxLength: 5 }),
});
type InvoiceSpec = typeof invoiceArb extends fc.Arbitrary<infer T> ? T : never;
const historyArb: fc.Arbitrary<StatementHistory> = fc
  .array(invoiceArb, { maxLength: 12 })
  .map((specs) => ({ invoices: specs.map((spec, n) => invoiceOf(`INV-${n + 1}`, spec)) }));

function invoiceOf(invoiceNumber: string, spec: InvoiceSpec): StatementInvoiceFacts {
  const issuedAt = at(spec.issuedHours);
  const invoice: StatementInvoiceFacts & {
    settlements: StatementInvoiceFacts['settlements'][number][];
    refunds: { at: string; amountCents: number }[];
  } = {
    invoiceNumber,
    issuedAt,
    dueDate: dayFromNumber(dayNumber(issuedAt.slice(0, 10)) + spec.termsDays),
    totalCents: spec.totalCents,
    settlements: [],
    refunds: [],
  };
  let hours = spec.issuedHours;
  let applied = 0;
  for (const step of spec.steps) {
    hours += step.afterHours + 1;
    const owed = invoice.totalCents - applied;
    if (step.kind === 'void') {
      if (applied > 0) continue;
      invoice.voidedAt = at(hours);
      break;
    }
    if (step.kind === 'refund') {
      const amount = Math.floor(applied * step.share);
      if (amount <= 0) continue;
      invoice.refunds.push({ at: at(hours), amountCents: amount });
      applied -= amount;
      continue;
    }
    const amount = Math.max(1, Math.floor(owed * step.share));
    if (owed <= 0) continue;
    invoice.settlements.push({
      at: at(hours),
      method: step.kind === 'credit' ? 'credit' : 'card',
      amountCents: amount,
    });
    applied += amount;
  }
  return invoice;
}

/** The oracle: what each invoice owes at the end of a lab day, worked out on its own from the raw facts. */
function owedAtEnd(history: StatementHistory, day: string, timeZone: string): Map<string, number> {
  const upTo = (instant: string) => localDay(new Date(instant), timeZone) <= day;
  const owed = new Map<string, number>();
  for (const i of history.invoices) {
    if (!upTo(i.issuedAt) || (i.voidedAt && upTo(i.voidedAt))) continue;
    const paid = i.settlements.filter((s) => upTo(s.at)).reduce((sum, s) => sum + s.amountCents, 0);
    const back = (i.refunds ?? []).filter((r) => upTo(r.at)).reduce((sum, r) => sum + r.amountCents, 0);
    owed.set(i.invoiceNumber, i.totalCents - paid + back);
  }
  return owed;
}
const total = (m: Map<string, number>) => [...m.values()].reduce((a, b) => a + b, 0);

const MONTHS = ['2026-01', '2026-02', '2026-03', '2026-04', '2026-05', '2026-06', '2026-07', '2026-08'];
const zoneArb = fc.constantFrom(NY, 'UTC', 'America/Los_Angeles');

describe('buildStatement over generated histories', () => {
  it('reconciles to the cent: opening + charges - payments - credits = closing, whatever the opening', () => {
    fc.assert(
      fc.property(
        historyArb,
        fc.constantFrom(...MONTHS),
        zoneArb,
        fc.option(fc.integer({ min: -100_000, max: 2_000_000 }), { nil: undefined }),
        (history, month, timeZone, previousClosingCents) => {
          const s = buildStatement(history, periodOfMonth(month), { timeZone, previousClosingCents });
          expect(s.openingCents + s.chargesCents - s.paymentsCents - s.creditsCents).toBe(s.closingCents);
          expect(s.lines.at(-1)?.balanceAfterCents ?? s.openingCents).toBe(s.closingCents);
          for (const line of s.lines) expect(line.amountCents).toBeGreaterThan(0);
        },
      ),
      { numRuns: 400 },
    );
  });

  it('closes at what the invoices really owe at the end of the month, and the aging buckets add up to it', () => {
    fc.assert(
      fc.property(
        historyArb,
        fc.constantFrom(...MONTHS),
        zoneArb,
        fc.option(fc.integer({ min: 0, max: 2_000_000 }), { nil: undefined }),
        (history, month, timeZone, previousClosingCents) => {
          const period = periodOfMonth(month);
          const s = buildStatement(history, period, { timeZone, previousClosingCents });
          const owed = owedAtEnd(history, period.to, timeZone);
          expect(s.closingCents).toBe(total(owed));
          expect(AGING_BUCKETS.reduce((sum, b) => sum + s.aging[b], 0)).toBe(s.closingCents);
          for (const b of AGING_BUCKETS) expect(s.aging[b]).toBeGreaterThanOrEqual(0);
        },
      ),
      { numRuns: 400 },
    );
  });

  it('chains: each month opens at the previous statement’s closing, with no adjustment line', () => {
    fc.assert(
      fc.property(historyArb, zoneArb, (history, timeZone) => {
        let previous: number | undefined;
        for (const month of MONTHS) {
          const s = buildStatement(history, periodOfMonth(month), { timeZone, previousClosingCents: previous });
          if (previous !== undefined) expect(s.openingCents).toBe(previous);
          expect(s.lines.some((l) => l.kind === 'adjustment')).toBe(false);
          previous = s.closingCents;
        }
      }),
      { numRuns: 200 },
    );
  });

  it('lists each month’s events once: the months’ charges, payments and credits add up to the whole history’s', () => {
    fc.assert(
      fc.property(historyArb, zoneArb, (history, timeZone) => {
        const months = MONTHS.map((m) => buildStatement(history, periodOfMonth(m), { timeZone }));
        const sum = (pick: (s: (typeof months)[number]) => number) => months.reduce((a, s) => a + pick(s), 0);
        const last = months.at(-1)!;
        expect(months[0]!.openingCents).toBe(0);
        expect(sum((s) => s.chargesCents) - sum((s) => s.paymentsCents) - sum((s) => s.creditsCents)).toBe(
          last.closingCents,
        );
      }),
      { numRuns: 200 },
    );
  });
});

describe('buildStatement lines', () => {
  const invoice = (over: Partial<StatementInvoiceFacts> = {}): StatementInvoiceFacts => ({
    invoiceNumber: 'INV-1',
    issuedAt: '2026-03-10T15:00:00.000Z',
    dueDate: '2026-04-09',
    totalCents: 12_000,
    settlements: [],
    ...over,
  });

  it('shows a void as a credit line in the month it was voided, leaving the charge on the month it was issued', () => {
    const history = { invoices: [invoice({ voidedAt: '2026-04-02T15:00:00.000Z' })] };
    const march = buildStatement(history, periodOfMonth('2026-03'), { timeZone: NY });
    const april = buildStatement(history, periodOfMonth('2026-04'), {
      timeZone: NY,
      previousClosingCents: march.closingCents,
    });
    expect(march.lines.map((l) => [l.kind, l.column, l.amountCents])).toEqual([['invoice', 'charges', 12_000]]);
    expect(april.lines.map((l) => [l.kind, l.column, l.amountCents])).toEqual([['void', 'credits', 12_000]]);
    expect(april.closingCents).toBe(0);
  });

  it('puts a payment in the month it was on the lab’s calendar, not in UTC', () => {
    // 02:00 UTC on the first of April is still the evening of March 31 in New York.
    const history = {
      invoices: [invoice({ settlements: [{ at: '2026-04-01T02:00:00.000Z', method: 'card', amountCents: 5_000 }] })],
    };
    const march = buildStatement(history, periodOfMonth('2026-03'), { timeZone: NY });
    expect(march.paymentsCents).toBe(5_000);
    expect(march.closingCents).toBe(7_000);
  });

  it('counts lens credit applied as a credit and checks as payments, each with its reference', () => {
    const history = {
      invoices: [
        invoice({
          settlements: [
            { at: '2026-03-12T15:00:00.000Z', method: 'credit', amountCents: 2_000 },
            { at: '2026-03-13T15:00:00.000Z', method: 'cheque', amountCents: 3_000, reference: '1042' },
          ],
        }),
      ],
    };
    const s = buildStatement(history, periodOfMonth('2026-03'), { timeZone: NY });
    expect(s.creditsCents).toBe(2_000);
    expect(s.paymentsCents).toBe(3_000);
    expect(s.lines.find((l) => l.kind === 'payment')?.reference).toBe('1042');
  });

  it('adds a prior-period adjustment when the history owes more than the last statement closed at', () => {
    // Recorded late with a February issue date: February's statement (closing 0) never listed it.
    const history = { invoices: [invoice({ issuedAt: '2026-02-20T15:00:00.000Z', dueDate: '2026-03-22' })] };
    const s = buildStatement(history, periodOfMonth('2026-03'), { timeZone: NY, previousClosingCents: 0 });
    expect(s.openingCents).toBe(0);
    expect(s.lines).toEqual([
      { day: '2026-03-01', kind: 'adjustment', amountCents: 12_000, column: 'charges', balanceAfterCents: 12_000 },
    ]);
    expect(s.closingCents).toBe(12_000);
    expect(s.aging.days1To30).toBe(12_000);
  });

  it('ages what is owed by its due date as of the month’s last day (the due day itself is current)', () => {
    expect(agingBucketOf('2026-03-31', '2026-03-31')).toBe('current');
    expect(agingBucketOf('2026-03-30', '2026-03-31')).toBe('days1To30');
    expect(agingBucketOf('2026-03-01', '2026-03-31')).toBe('days1To30');
    expect(agingBucketOf('2026-02-28', '2026-03-31')).toBe('days31To60');
    expect(agingBucketOf('2026-01-30', '2026-03-31')).toBe('days31To60');
    expect(agingBucketOf('2026-01-29', '2026-03-31')).toBe('days61To90');
    expect(agingBucketOf('2025-12-31', '2026-03-31')).toBe('days61To90');
    expect(agingBucketOf('2025-12-30', '2026-03-31')).toBe('over90');
  });

  it('finds no activity for an account that owed nothing and moved no money', () => {
    const s = buildStatement(
      { invoices: [invoice({ issuedAt: '2026-05-01T15:00:00.000Z' })] },
      periodOfMonth('2026-03'),
      {
        timeZone: NY,
      },
    );
    expect(hasActivity(s)).toBe(false);
  });
});

describe('statement periods and the issue day', () => {
  it('states the calendar month before the run day', () => {
    expect(previousMonthPeriod('2026-01-02')).toEqual({ month: '2025-12', from: '2025-12-01', to: '2025-12-31' });
    expect(previousMonthPeriod('2026-03-02')).toEqual({ month: '2026-02', from: '2026-02-01', to: '2026-02-28' });
  });

  it('reads a month as its first and last day, leap years included', () => {
    expect(periodOfMonth('2028-02')).toEqual({ month: '2028-02', from: '2028-02-01', to: '2028-02-29' });
    expect(periodOfMonth('2026-12').to).toBe('2026-12-31');
    expect(() => periodOfMonth('2026-13')).toThrow(RangeError);
  });

  it('issues on the month’s first business day: past weekends and the lab’s holidays', () => {
    const first = (month: string) =>
      Array.from({ length: 10 }, (_, n) => `${month}-${String(n + 1).padStart(2, '0')}`).filter((d) =>
        isFirstBusinessDayOfMonth(d, DEFAULT_SHIPPING_CALENDAR),
      );
    expect(first('2026-01')).toEqual(['2026-01-02']); // New Year's Day is a holiday
    expect(first('2026-02')).toEqual(['2026-02-02']); // the first is a Sunday
    expect(first('2026-08')).toEqual(['2026-08-03']); // the first is a Saturday
    expect(first('2026-12')).toEqual(['2026-12-01']);
  });
});
