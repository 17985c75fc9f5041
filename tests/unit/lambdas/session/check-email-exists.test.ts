import { describe, expect, it } from 'vitest';
import { AppError } from '../../../../core/errors';
import { checkEmailExists, EMAIL_CHECK_LIMITS } from '../../../../lambdas/use-cases/check-email-exists';
import { clientIp } from '../../../../lambdas/http/create-handler';
import { callableEvent } from '../../../support/api-gateway-event';
import { InMemoryDirectory, InMemoryRateLimiter } from '../../../support/in-memory-ports';

async function setup() {
  const directory = new InMemoryDirectory();
  await directory.signUp({ email: 'known@practice.test', password: 'x', firstName: 'K', lastName: 'N' });
  let now = Date.UTC(2025, 0, 6, 9, 0, 0);
  const limiter = new InMemoryRateLimiter(() => now);
  return { deps: { directory, limiter }, limiter, advance: (ms: number) => (now += ms) };
}

describe('checkEmailExists (docs/decisions.md "Password reset for an unknown email")', () => {
  it('answers whether an account exists for the email', async () => {
    const { deps } = await setup();
    expect(await checkEmailExists('known@practice.test', '203.0.113.5', deps)).toEqual({ exists: true });
    expect(await checkEmailExists('unknown@practice.test', '203.0.113.5', deps)).toEqual({ exists: false });
  });

  it(`allows ${EMAIL_CHECK_LIMITS.perEmail} questions per email per 15 minutes, then resource-exhausted`, async () => {
    const { deps, advance } = await setup();
    for (let i = 0; i < EMAIL_CHECK_LIMITS.perEmail; i++) {
      await checkEmailExists('known@practice.test', `198.51.100.${i}`, deps);
    }
    const error = await checkEmailExists('known@practice.test', '198.51.100.99', deps).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).status).toBe('resource-exhausted');
    advance(EMAIL_CHECK_LIMITS.windowSeconds * 1000);
    expect(await checkEmailExists('known@practice.test', '198.51.100.99', deps)).toEqual({ exists: true });
  });

  it(`allows ${EMAIL_CHECK_LIMITS.perIp} questions per address per 15 minutes, whatever the emails`, async () => {
    const { deps } = await setup();
    for (let i = 0; i < EMAIL_CHECK_LIMITS.perIp; i++) {
      await checkEmailExists(`probe${i}@practice.test`, '203.0.113.9', deps);
    }
    await expect(checkEmailExists('probe-last@practice.test', '203.0.113.9', deps)).rejects.toMatchObject({
      status: 'resource-exhausted',
    });
  });

  it("the caller address is CloudFront's viewer address only on requests carrying the origin secret", () => {
    const viaCloudFront = (viewer: string) =>
      callableEvent('x', { headers: { 'cloudfront-viewer-address': viewer, 'x-origin-verify': 's3cret' } });
    expect(clientIp(callableEvent('x'), 's3cret')).toBe('127.0.0.1');
    expect(clientIp(viaCloudFront('203.0.113.7:4432'), 's3cret')).toBe('203.0.113.7');
    expect(clientIp(viaCloudFront('[2001:db8::1]:443'), 's3cret')).toBe('2001:db8::1');
  });

  it('a forged viewer address sent straight to the API is ignored (per-IP limits cannot be dodged)', () => {
    const forged = callableEvent('x', { headers: { 'cloudfront-viewer-address': '198.51.100.1:1' } });
    expect(clientIp(forged, 's3cret')).toBe('127.0.0.1');
    expect(clientIp(forged, undefined)).toBe('127.0.0.1');
    const wrongSecret = callableEvent('x', {
      headers: { 'cloudfront-viewer-address': '198.51.100.1:1', 'x-origin-verify': 'guess' },
    });
    expect(clientIp(wrongSecret, 's3cret')).toBe('127.0.0.1');
  });
});
