import { describe, expect, it } from 'vitest';
import { ROUTES } from '../../../../core/routes';
import { cachedSessionRevocations, sessionRevocationCheck } from '../../../../lambdas/auth/session-revocation';
import { staffMfaCheck } from '../../../../lambdas/auth/staff-mfa';
import { callerOf, createHandler } from '../../../../lambdas/http/create-handler';
import { DirectoryError } from '../../../../lambdas/ports/user-directory';
import { REVOCATION_TTL_SECONDS, signOut } from '../../../../lambdas/use-cases/auth/sign-out';
import { callableEvent } from '../../../support/api-gateway-event';
import { identity } from '../../../support/identities';
import {
  InMemoryDirectory,
  InMemoryRevocations,
  InMemorySecondFactorRecords,
  memoryLogger,
} from '../../../support/in-memory-ports';

const NOW_S = 1_736_154_000;
const NOW_MS = NOW_S * 1000;

const noWait = async () => undefined;

describe('signOut on one device: only that session ends (docs/decisions/0019-sign-out-per-device.md)', () => {
  it("records the token family (origin_jti) as ended for a refresh token's lifetime; the user's other sessions stay", async () => {
    const revocations = new InMemoryRevocations();
    const directory = new InMemoryDirectory();
    const caller = identity(['customer'], { sessionId: 'family-a' });
    const answer = await signOut(
      caller,
      {},
      { revocations, directory, now: () => new Date(NOW_MS), sleep: noWait, log: memoryLogger().log },
    );
    expect(answer).toEqual({ signedOut: true, scope: 'this-session' });
    expect(revocations.ended.get('family-a')).toBe(NOW_S + REVOCATION_TTL_SECONDS);
    expect(revocations.rows.size).toBe(0);
    expect(directory.signedOut).toEqual([]);
    const check = sessionRevocationCheck(revocations);
    expect(await check(caller)).toBe(true);
    expect(await check({ ...caller, authTime: NOW_S - 100, sessionId: 'family-b' })).toBe(false);
    // A sign-in in the same second as the sign-out, on another device, is a new family: it passes.
    expect(await check({ ...caller, authTime: NOW_S, sessionId: 'family-c' })).toBe(false);
  });

  it('a token refreshed from the ended session keeps its origin_jti and is refused', async () => {
    const revocations = new InMemoryRevocations();
    await revocations.endSession('family-a', NOW_S + 60);
    const refreshed = identity(['customer'], { sessionId: 'family-a', authTime: NOW_S - 600, issuedAt: NOW_S + 300 });
    expect(await sessionRevocationCheck(revocations)(refreshed)).toBe(true);
  });

  it('an ended session is refused by the cache for good, and read past the cache for a fresh sign-in', async () => {
    let now = NOW_MS;
    const inner = new InMemoryRevocations();
    const cached = cachedSessionRevocations(inner, { now: () => now });
    const check = sessionRevocationCheck(cached, { now: () => now });
    const old = identity(['customer'], { userId: 'u1', sessionId: 'f1', authTime: NOW_S - 600 });
    expect(await check(old)).toBe(false);
    await inner.endSession('f1', NOW_S + 60); // another process's Log Out
    expect(await check(old)).toBe(false); // within the 5 s cache
    now += 5000;
    expect(await check(old)).toBe(true);
    now += 3_600_000;
    expect(await check(old)).toBe(true);
    const fresh = identity(['customer'], { userId: 'u1', sessionId: 'f2', authTime: Math.floor(now / 1000) - 1 });
    expect(await check(fresh)).toBe(false);
    await inner.endSession('f2', NOW_S + 60);
    expect(await check(fresh)).toBe(true);
  });
});

describe('signOut everywhere: sessions end server-side', () => {
  it('records the revocation time with a TTL as long as a refresh token lives, and signs out in the pool', async () => {
    const revocations = new InMemoryRevocations();
    const directory = new InMemoryDirectory();
    const caller = identity(['customer'], { sessionId: 'family-a' });
    const answer = await signOut(
      caller,
      { everywhere: true },
      { revocations, directory, now: () => new Date(NOW_MS), sleep: noWait, log: memoryLogger().log },
    );
    expect(answer).toEqual({ signedOut: true, scope: 'everywhere' });
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
    await signOut(
      caller,
      { everywhere: true },
      { revocations, directory, now: () => new Date(NOW_MS), sleep: noWait, log: memoryLogger().log },
    );
    expect(revocations.rows.has(caller.userId)).toBe(true);
  });

  it('a token without origin_jti cannot be told from the other sessions: every session ends', async () => {
    const revocations = new InMemoryRevocations();
    const caller = identity(['customer']);
    const answer = await signOut(
      caller,
      {},
      {
        revocations,
        directory: new InMemoryDirectory(),
        now: () => new Date(NOW_MS),
        sleep: noWait,
        log: memoryLogger().log,
      },
    );
    expect(answer.scope).toBe('everywhere');
    expect(revocations.rows.get(caller.userId)?.revokedAt).toBe(NOW_S);
  });

  it('answers only once the revoked second is over, so a sign-in after the answer is never caught by it', async () => {
    const waits: number[] = [];
    await signOut(
      identity(['customer']),
      { everywhere: true },
      {
        revocations: new InMemoryRevocations(),
        directory: new InMemoryDirectory(),
        now: () => new Date(NOW_MS + 350),
        sleep: async (ms) => void waits.push(ms),
        log: memoryLogger().log,
      },
    );
    expect(waits).toEqual([650]);
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
        signOut(
          callerOf(ctx),
          { everywhere: true },
          {
            revocations,
            sleep: noWait,
            directory: new InMemoryDirectory(),
            now: () => new Date(NOW_MS),
            log: memoryLogger().log,
          },
        ),
      deps,
    );
    expect((await handler(callableEvent('signOut', { token: 'old-token' }))).statusCode).toBe(200);
    const again = await handler(callableEvent('signOut', { token: 'old-token' }));
    expect(again.statusCode).toBe(401);
    expect(JSON.parse(again.body ?? '{}').error.status).toBe('unauthenticated');
  });
});

describe('signOut after an authenticator set-up records the change (docs/decisions/0101-staff-second-factor-recorded.md)', () => {
  it('ends every session, even with this device named, and records the TOTP state as changed at the revoked second', async () => {
    const revocations = new InMemoryRevocations();
    const directory = new InMemoryDirectory();
    const records = new InMemorySecondFactorRecords();
    const caller = identity(['admin'], { userId: 'staff-1', sessionId: 'family-a' });
    const answer = await signOut(
      caller,
      { secondFactorChanged: true },
      {
        revocations,
        directory,
        secondFactors: { factors: { hasTotp: async () => true }, records },
        now: () => new Date(NOW_MS),
        sleep: noWait,
        log: memoryLogger().log,
      },
    );
    expect(answer.scope).toBe('everywhere');
    expect(revocations.rows.get('staff-1')?.revokedAt).toBe(NOW_S);
    expect(records.rows.get('staff-1')).toEqual({ changedAt: NOW_S, totp: true });
    expect(directory.signedOut).toEqual(['staff-1']);
    // The staff check then lets in only a session signed in after the set-up, with the authenticator's code.
    const check = staffMfaCheck({ hasTotp: async () => true }, records, { now: () => NOW_MS + 2000 });
    expect(await check({ ...caller, authTime: NOW_S })).toBe('signed-in-before-change');
    expect(await check({ ...caller, authTime: NOW_S + 1, sessionId: 'family-b' })).toBe('ok');
  });

  it('records a removal too (TOTP off), so a set-up made after it is taken for a new one', async () => {
    const records = new InMemorySecondFactorRecords();
    records.rows.set('staff-1', { changedAt: NOW_S - 3600, totp: true });
    await signOut(
      identity(['admin'], { userId: 'staff-1' }),
      { secondFactorChanged: true },
      {
        revocations: new InMemoryRevocations(),
        directory: new InMemoryDirectory(),
        secondFactors: { factors: { hasTotp: async () => false }, records },
        now: () => new Date(NOW_MS),
        sleep: noWait,
        log: memoryLogger().log,
      },
    );
    expect(records.rows.get('staff-1')).toEqual({ changedAt: NOW_S, totp: false });
  });
});
