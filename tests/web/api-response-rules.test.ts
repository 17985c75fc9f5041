import { describe, expect, it } from 'vitest';
import { responseAction } from '../../web/src/lib/api-response-rules';

const portal = (httpStatus: number, url = '/api/getMyProfile') => responseAction({ httpStatus, url, source: 'portal' });

describe('which answers log out (spec 8 as decided: only a gone session or caller)', () => {
  it('401 logs the user out when the URL does not contain "auth"', () => {
    expect(portal(401)).toEqual({ logout: true, reason: 'unauthenticated' });
  });

  it('401 does not log the user out when the URL contains "auth"', () => {
    expect(portal(401, 'https://portal.example/auth/customer')).toEqual({ logout: false });
  });

  it('a 404 for a missing resource (old link, discarded draft, another practice) keeps the session', () => {
    expect(portal(404)).toEqual({ logout: false });
  });

  it("a 404 the server marks callerGone (the caller's own record is gone) logs the user out", () => {
    expect(responseAction({ httpStatus: 404, url: '/api/acceptTerms', source: 'portal', callerGone: true })).toEqual({
      logout: true,
      reason: 'caller-gone',
    });
  });

  it('a 500 is a fault on the server and keeps the session', () => {
    expect(portal(500)).toEqual({ logout: false });
  });

  it.each([400, 403, 409, 429, 502, 503, 504, 0])('status %i is only re-raised, never a logout', (status) => {
    expect(portal(status)).toEqual({ logout: false });
  });

  it('answers that are not the portal API own (files, emulators, proxies) never log out (spec 8, docs/decisions/0014-which-answers-log-out.md)', () => {
    for (const status of [401, 404, 500]) {
      expect(responseAction({ httpStatus: status, url: '/x', source: 'other', callerGone: true })).toEqual({
        logout: false,
      });
    }
  });

  it('the customer API calls never log out: a failed customer-info load must reach /auth/request (spec 4)', () => {
    for (const status of [401, 404, 500]) {
      expect(responseAction({ httpStatus: status, url: '/api/getCustomerInfo', source: 'customer-api' })).toEqual({
        logout: false,
      });
    }
  });
});
