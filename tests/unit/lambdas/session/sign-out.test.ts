import { describe, expect, it } from 'vitest';
import { ROUTES } from '../../../../core/routes';
import { cachedSessionRevocations, sessionRevocationCheck } from '../../../../lambdas/auth/session-revocation';
import { callerOf, createHandler } from '../../../../lambdas/http/create-handler';
import { DirectoryError } from '../../../../lambdas/ports/user-directory';
import { REVOCATION_TTL_SECONDS, signOut } from '../../../../lambdas/use-cases/sign-out';
import { callableEvent } from '../../../support/api-gateway-event';
import { identity } from '../../../support/identities';
import { InMemoryDirectory, InMemoryRevocations, memoryLogger } from '../../../support/in-memory-ports';

const NOW_S = 1_736_154_000;
const NOW_MS = NOW_S * 1000;

describe('signOut: sessions end server-side', () => {
  it('records the revocation time with a TTL as long as a refresh token lives, and signs out in the pool', async () => {
    const revocations = new InMemoryRevocations();
    const directory = new InMemoryDirectory();
    const caller = identity(['customer']);
    const answer = await signOut(caller, { revocations, directory, now: () => NOW_MS, log: memoryLogger().log });
    expect(answer).toEqual({ signedOut: true });
    expect(revocations.rows.get(caller.userId)).toEqual({
      revokedAt: NOW_S,
      expiresAt: NOW_S + REVOCATION_TTL_SECONDS,
    });
    expect(directory.signedOut).toEqual([caller.userId]);
  });

  it('succeeds when the user pool cannot sign out globally (the emulator lacks it): the revocation still holds', async () => {
    const directory = new InMemoryDirectory();
    directory.failNext('signOutEverywhere', new DirectoryError('unsupported', 'Cognito Local unsupported feature'));
    const revocations = new InMemoryRevocations();
    const caller = identity(['admin']);
    await signOut(caller, { revocations, directory, now: () => NOW_MS, log: memoryLogger().log });
    expect(revocations.rows.has(caller.userId)).toBe(true);
  });

  it('a token signed in at or before the revocation is refused; one signed in after it passes', async () => {
    const revocations = new InMemoryRevocations();
    await revocations.revoke('u1', NOW_S, NOW_S + 60);
    const isRevoked = sessionRevocationCheck(revocations);
    expect(await isRevoked(identity(['customer'], { userId: 'u1', authTime: NOW_S - 100, issuedAt: NOW_S }))).toBe(
      true,
    );
    expect(await isRevoked(identity(['customer'], { userId: 'u1', authTime: NOW_S, issuedAt: NOW_S }))).toBe(true);
    expect(await isRevoked(identity(['customer'], { userId: 'u1', authTime: NOW_S + 1, issuedAt: NOW_S + 1 }))).toBe(
      false,
    );
    expect(await isRevoked(identity(['customer'], { userId: 'u2', authTime: 1, issuedAt: 1 }))).toBe(false);
  });

  it('a token refreshed after the revocation keeps its old auth_time and is still refused', async () => {
    const revocations = new InMemoryRevocations();
    await revocations.revoke('u1', NOW_S, NOW_S + 60);
    const refreshed = identity(['customer'], { userId: 'u1', authTime: NOW_S - 600, issuedAt: NOW_S + 300 });
    expect(await sessionRevocationCheck(revocations)(refreshed)).toBe(true);
  });

  it('the lookup is cached for 5 s per user; a sign-out through the same store is seen at once', async () => {
    let now = NOW_MS;
    const inner = new InMemoryRevocations();
    const cached = cachedSessionRevocations(inner, { now: () => now });
    const isRevoked = sessionRevocationCheck(cached);
    const token = identity(['customer'], { userId: 'u1', authTime: NOW_S - 10 });
    expect(await isRevoked(token)).toBe(false);
    expect(await isRevoked(token)).toBe(false);
    expect(inner.lookups).toBe(1);
    await cached.revoke('u1', NOW_S, NOW_S + 60);
    expect(await isRevoked(token)).toBe(true);
    // Another process's sign-out (straight to the table) is seen once the 5 s are over.
    await cached.revokedAt('u3');
    await inner.revoke('u3', NOW_S, NOW_S + 60);
    const third = identity(['customer'], { userId: 'u3', authTime: NOW_S - 10 });
    expect(await isRevoked(third)).toBe(false);
    now += 5000;
    expect(await isRevoked(third)).toBe(true);
  });

  it('the handler wrapper answers a revoked session with 401 on every signed-in route', async () => {
    const revocations = new InMemoryRevocations();
    const caller = identity(['customer'], { authTime: NOW_S - 10 });
    const deps = {
      verifyToken: async () => caller,
      isSessionRevoked: sessionRevocationCheck(revocations),
      log: memoryLogger().log,
    };
    const handler = createHandler(
      ROUTES.signOut,
      (_i, ctx) =>
        signOut(callerOf(ctx), {
          revocations,
          directory: new InMemoryDirectory(),
          now: () => NOW_MS,
          log: memoryLogger().log,
        }),
      deps,
    );
    expect((await handler(callableEvent('signOut', { token: 'old-token' }))).statusCode).toBe(200);
    const again = await handler(callableEvent('signOut', { token: 'old-token' }));
    expect(again.statusCode).toBe(401);
    expect(JSON.parse(again.body ?? '{}').error.status).toBe('unauthenticated');
  });
});
