import { describe, expect, it } from 'vitest';
import { isAuthRoute, isPublicRoute, isVirtualConsultantRoute } from '../../../core/rules/public-routes';

describe('spec 2 public routes', () => {
  it.each([
    '',
    '/',
    '/terms',
    '/auth/login',
    '/auth/verify-email',
    '/auth/request?x=1',
    '/error/not-found',
    '/ampleye-virtual-consultant',
    '/ampleye-virtual-consultant/step-2',
    '/ampleye-virtual-consultant/troubleshooter',
    '/ampleye-virtual-consultant/ask',
  ])('%j is public', (path) => {
    expect(isPublicRoute(path)).toBe(true);
  });

  it.each(['/customer/home', '/admin/home', '/settings', '/terms/extra', '/auth', '/customer/home?next=/auth/x'])(
    '%j is not public',
    (path) => {
      expect(isPublicRoute(path)).toBe(false);
    },
  );

  it('auth routes are the paths containing /auth/ (spec 4: timers stop there)', () => {
    expect(isAuthRoute('/auth/login')).toBe(true);
    expect(isAuthRoute('/customer/home')).toBe(false);
  });

  it('the virtual consultant route is any path containing its path', () => {
    expect(isVirtualConsultantRoute('/ampleye-virtual-consultant/x')).toBe(true);
    expect(isVirtualConsultantRoute('/customer/home')).toBe(false);
  });
});
