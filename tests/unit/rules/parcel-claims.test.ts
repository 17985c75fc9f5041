import { describe, expect, it } from 'vitest';
import {
  canReportParcel,
  PARCEL_CLAIM_DAYS,
  PARCEL_CLAIM_MESSAGES,
  parcelReportMessage,
  parcelReportRefusal,
} from '../../../core/rules/parcel-claims';

/** Closed Monday 2026-12-07 at 4:30 pm in New York. */
const shipped = { status: 'closed', statusAt: '2026-12-07T21:30:00.000Z', shippedOn: '2026-12-07' };
const parcel = {};
const after = (days: number, extraMs = 0) =>
  new Date(Date.parse(shipped.statusAt) + days * 24 * 60 * 60 * 1000 + extraMs);

describe('parcel claims: a parcel may be reported within 30 days of shipping (decisions/0100 "Claims")', () => {
  it('is thirty 24-hour days', () => {
    expect(PARCEL_CLAIM_DAYS).toBe(30);
  });

  it('the first day and the 30th day after the close are inside', () => {
    expect(canReportParcel(shipped, parcel, after(0, 1))).toBe(true);
    expect(canReportParcel(shipped, parcel, after(29, 3_600_000))).toBe(true);
    expect(canReportParcel(shipped, parcel, after(30))).toBe(true);
  });

  it('past 30 x 24 h (day 31) is out, with the day it shipped in the message', () => {
    expect(parcelReportRefusal(shipped, parcel, after(30, 1))).toBe('too-late');
    expect(canReportParcel(shipped, parcel, after(31))).toBe(false);
    expect(parcelReportMessage('too-late', shipped)).toBe(
      'Claims are taken within 30 days of shipping: this parcel shipped on Monday, December 7, 2026.',
    );
  });

  it('a parcel already claimed (open or decided) cannot be reported again', () => {
    for (const status of ['open', 'replaced', 'declined'])
      expect(parcelReportRefusal(shipped, { claim: { status } }, after(1))).toBe('claimed');
    expect(parcelReportMessage('claimed', shipped)).toBe(PARCEL_CLAIM_MESSAGES.claimed);
  });

  it('an order that is not closed has nothing shipped to report', () => {
    for (const status of ['approved', 'submitted', 'cancelled', 'rejected'])
      expect(parcelReportRefusal({ ...shipped, status }, parcel, after(1))).toBe('not-shipped');
  });

  it('an order closed before the lab-local ship day was stored names the close day', () => {
    const { shippedOn: _day, ...older } = shipped;
    expect(parcelReportMessage('too-late', older)).toContain('shipped on Monday, December 7, 2026.');
  });
});
