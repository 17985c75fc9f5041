import { describe, expect, it } from 'vitest';
import { ROUTE_LIST } from '../../../core/routes';
import { groupsOf } from '../../../core/route-definition';
import {
  LEGACY_ROLES,
  normalizedRoles,
  permits,
  PRACTICE_ABILITIES,
  rolesIn,
  rolesOnJoining,
  seesPrices,
} from '../../../core/rules/practice-roles';
import { practicesAllowing } from '../../../lambdas/kernel/caller';

describe('practice roles: what each role may do', () => {
  it('staff and doctors see, draft and submit orders; billing and a practice admin alone do not', () => {
    for (const ability of ['orders', 'submitOrders'] as const) {
      expect(permits(['staff'], ability)).toBe(true);
      expect(permits(['doctor'], ability)).toBe(true);
      expect(permits(['billing'], ability)).toBe(false);
      expect(permits(['practiceAdmin'], ability)).toBe(false);
    }
  });

  it('billing and the practice admin see the money (Pay Online, statements, credit); staff and doctors do not', () => {
    expect(permits(['billing'], 'money')).toBe(true);
    expect(permits(['practiceAdmin'], 'money')).toBe(true);
    expect(permits(['staff'], 'money')).toBe(false);
    expect(permits(['doctor'], 'money')).toBe(false);
  });

  it('only the practice admin manages people', () => {
    expect(permits(['practiceAdmin'], 'people')).toBe(true);
    for (const role of ['doctor', 'staff', 'billing'] as const) expect(permits([role], 'people')).toBe(false);
  });

  it('roles add up: a doctor who also bills sees orders and money', () => {
    expect(permits(['doctor', 'billing'], 'orders')).toBe(true);
    expect(permits(['doctor', 'billing'], 'money')).toBe(true);
    expect(permits(['doctor', 'billing'], 'people')).toBe(false);
  });

  it('when the practice requires a doctor approval, staff only draft and doctors submit', () => {
    const settings = { doctorApprovalRequired: true };
    expect(permits(['staff'], 'orders', settings)).toBe(true);
    expect(permits(['staff'], 'submitOrders', settings)).toBe(false);
    expect(permits(['doctor'], 'submitOrders', settings)).toBe(true);
  });

  it('prices are hidden only from users who are just staff, and only when the practice asks', () => {
    expect(seesPrices(['staff'])).toBe(true);
    expect(seesPrices(['staff'], { hidePricesFromStaff: true })).toBe(false);
    expect(seesPrices(['staff', 'doctor'], { hidePricesFromStaff: true })).toBe(true);
    expect(seesPrices(['billing'], { hidePricesFromStaff: true })).toBe(true);
  });
});

describe('practice roles: who holds which', () => {
  it('a link stored before practice roles keeps every right (practice admin and doctor)', () => {
    expect(rolesIn(undefined, 'A1')).toEqual([...LEGACY_ROLES]);
    expect(rolesIn({ B2: ['staff'] }, 'A1')).toEqual([...LEGACY_ROLES]);
    for (const ability of PRACTICE_ABILITIES) expect(permits(LEGACY_ROLES, ability)).toBe(true);
  });

  it('roles are per practice: a biller of one practice can be a doctor of another', () => {
    const user = {
      accountNumber: 'A1',
      accountNumbers: ['B2'],
      practiceRoles: { A1: ['billing' as const], B2: ['doctor' as const] },
    };
    expect(practicesAllowing(user, 'orders')).toEqual(['B2']);
    expect(practicesAllowing(user, 'money')).toEqual(['A1']);
  });

  it("the practice's first user runs it; later ones join as staff", () => {
    expect(rolesOnJoining(0)).toEqual(['practiceAdmin', 'doctor']);
    expect(rolesOnJoining(3)).toEqual(['staff']);
  });

  it('stored roles are the known ones, each once, in one order', () => {
    expect(normalizedRoles(['staff', 'doctor', 'staff', 'owner'])).toEqual(['doctor', 'staff']);
  });
});

describe('practice roles: the route table', () => {
  it('only routes practice users may call name a practice ability', () => {
    for (const route of ROUTE_LIST) {
      if (route.practice) expect(groupsOf(route.access), route.name).toContain('customer');
    }
  });

  it('every route that shows patients or money to a practice names its ability', () => {
    const practiceData =
      /Order|Invoice|Payment|Receipt|Credit|Statement|Consult|Warranty|Parcel|LensDesigns|ProductionSettings|UploadUrl|DownloadUrl|OrderFile/;
    const open = ROUTE_LIST.filter(
      (route) => groupsOf(route.access).includes('customer') && practiceData.test(route.name) && !route.practice,
    ).map((route) => route.name);
    expect(open).toEqual([]);
  });
});
