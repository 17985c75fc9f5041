import { describe, expect, it } from 'vitest';
import { responseAction } from '../../web/src/lib/api-response-rules';

const portal = (httpStatus: number, url = '/api/getMyProfile') => responseAction({ httpStatus, url, source: 'portal' });

describe('spec 8 response handling (pure decision)', () => {
  it('401 logs the user out when the URL does not contain "auth"', () => {
    expect(portal(401)).toEqual({ logout: true, reason: 'unauthenticated' });
  });

  it('401 does not log the user out when the URL contains "auth"', () => {
    expect(portal(401, 'https://portal.example/auth/customer')).toEqual({ logout: false });
  });

  it('404 logs the user out', () => {
    expect(portal(404)).toEqual({ logout: true, reason: 'not-found' });
  });

  it('404 logs the user out even when the URL contains "auth" (only 401 has the exception)', () => {
    expect(portal(404, '/api/auth-thing')).toEqual({ logout: true, reason: 'not-found' });
  });

  it('500 logs the user out', () => {
    expect(portal(500)).toEqual({ logout: true, reason: 'internal' });
  });

  it.each([400, 403, 409, 429, 502, 503, 504, 0])('status %i is only re-raised, never a logout', (status) => {
    expect(portal(status)).toEqual({ logout: false });
  });

  it('answers that are not the portal API own (files, emulators, proxies) never log out (ARCHITECTURE decision)', () => {
    for (const status of [401, 404, 500]) {
      expect(responseAction({ httpStatus: status, url: '/x', source: 'other' })).toEqual({ logout: false });
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
