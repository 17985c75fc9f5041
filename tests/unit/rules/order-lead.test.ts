import { describe, expect, it } from 'vitest';
import { dayForPeople } from '../../../core/rules/calendar-days';
import { stageOfOrder } from '../../../core/rules/production-stages';
import { hasSurfaceTreatment, orderLeadOf, type LeadLine } from '../../../core/rules/ship-date';

describe("an order's lead (docs/decisions/0100-production-stages-and-the-ship-promise.md)", () => {
  const line = (type: 'scleral' | 'custom-soft', leadDays?: number, surfaceTreatment?: string): LeadLine => ({
    design: { type, ...(leadDays ? { leadDays } : {}) },
    parameters: surfaceTreatment === undefined ? {} : { surfaceTreatment },
  });

  it("is the slowest line's: a design's own lead, else its type's default", () => {
    expect(orderLeadOf([line('scleral'), line('custom-soft')])).toEqual({ leadDays: 7, surfaceTreatments: 0 });
    expect(orderLeadOf([line('scleral', 9), line('custom-soft')])).toEqual({ leadDays: 9, surfaceTreatments: 0 });
    expect(orderLeadOf([])).toEqual({ leadDays: 0, surfaceTreatments: 0 });
  });

  it('a treated line is a day slower, and the two lenses are made side by side (not one after the other)', () => {
    expect(orderLeadOf([line('scleral', 5, 'plasma'), line('scleral', 5)])).toEqual({
      leadDays: 5,
      surfaceTreatments: 1,
    });
    // 7 untreated is slower than 5 + 1 treated.
    expect(orderLeadOf([line('scleral', 5, 'plasma'), line('custom-soft')])).toEqual({
      leadDays: 7,
      surfaceTreatments: 0,
    });
  });

  it("'none', an empty value or no value is no treatment", () => {
    for (const value of ['none', '', undefined]) expect(hasSurfaceTreatment(line('scleral', 5, value))).toBe(false);
    expect(hasSurfaceTreatment(line('scleral', 5, 'hydra-peg'))).toBe(true);
  });
});

describe('days and stages as people read them', () => {
  it('a lab day is written out with its weekday, whatever the zone of the reader', () => {
    expect(dayForPeople('2026-12-08')).toBe('Tuesday, December 8, 2026');
    expect(dayForPeople('2027-01-01')).toBe('Friday, January 1, 2027');
  });

  it('an order stored before stages reads as the first stage of its status', () => {
    expect(stageOfOrder({ status: 'approved' })).toBe('approved');
    expect(stageOfOrder({ status: 'closed' })).toBe('shipped');
    expect(stageOfOrder({ status: 'approved', stage: 'lathing' })).toBe('lathing');
    expect(stageOfOrder({ status: 'submitted', stage: 'lathing' })).toBeNull();
  });
});
