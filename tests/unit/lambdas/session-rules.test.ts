import { describe, expect, it, vi } from 'vitest';
import { AppError } from '../../../core/errors';
import type { RouteDefinition } from '../../../core/route-definition';
import { ROUTES } from '../../../core/routes';
import {
  cachedSessionFacts,
  SESSION_FACTS_CACHE_MS,
  SESSION_RULE_MESSAGES,
  sessionRulesCheck,
  type ActivityFacts,
  type SessionFactsSource,
} from '../../../lambdas/auth/session-rules';
import type { Identity } from '../../../lambdas/auth/verify-token';
import { createHandler } from '../../../lambdas/http/create-handler';
import { createLogger } from '../../../lambdas/http/logger';
import { callableEvent } from '../../support/api-gateway-event';
import { identity } from '../../support/identities';

/**
 * The handler wrapper enforces spec 4/6 on the server, from the route table's flags: a
 * customer who has not accepted the terms or verified their email reaches only `allowBeforeTerms` routes (403),
 * and a session idle 60 minutes or more gets 401 everywhere but `allowWhenIdle` routes.
 */
const NOW = Date.parse('2025-06-02T12:00:00.000Z');
const MINUTE = 60_000;
const seconds = (ms: number) => Math.floor(ms / 1000);

class FakeFacts implements SessionFactsSource {
  readonly records = new Map<string, ActivityFacts>();
  readonly accepted = new Set<string>();
  activityReads = 0;
  termsReads = 0;
  async activity(userId: string) {
    this.activityReads += 1;
    return this.records.get(userId) ?? null;
  }
  async termsAccepted(userId: string) {
    this.termsReads += 1;
    return this.accepted.has(userId);
  }
}

function world() {
  let clock = NOW;
  const now = () => clock;
  const source = new FakeFacts();
  const facts = cachedSessionFacts(source, { now });
  const checkSessionRules = sessionRulesCheck(facts, { now });
  const tokens = new Map<string, Identity>();
  const verifyToken = async (token: string) => {
    const found = tokens.get(token);
    if (!found) throw new AppError('unauthenticated', 'Invalid or expired token');
    return found;
  };
  const log = createLogger({}, () => undefined);
  const call = async (route: RouteDefinition, token: string, data: unknown = {}) => {
    // The use case only answers what the route's output needs; the wrapper's checks are what is under test.
    const run = vi.fn(async () => SAMPLE_ANSWERS[route.name]);
    const handler = createHandler(route, run, { verifyToken, checkSessionRules, log });
    const res = await handler(callableEvent(route.name, { data, token }));
    return { status: res.statusCode, body: JSON.parse(res.body ?? '{}'), ran: run.mock.calls.length > 0 };
  };
  /** A signed-in user: `signedInAgo` ms ago, active `activeAgo` ms ago (no activity record when undefined). */
  const user = (
    token: string,
    groups: Identity['groups'],
    opts: { signedInAgo?: number; activeAgo?: number; terms?: boolean; emailVerified?: boolean } = {},
  ) => {
    const signedIn = seconds(clock - (opts.signedInAgo ?? 2 * 60 * MINUTE));
    const id = identity(groups, {
      userId: `u-${token}`,
      emailVerified: opts.emailVerified ?? true,
      authTime: signedIn,
      issuedAt: signedIn,
    });
    tokens.set(token, id);
    if (opts.activeAgo !== undefined) {
      const at = clock - opts.activeAgo;
      source.records.set(id.userId, { lastActivity: at, lastSync: at, status: 'idle' });
    }
    if (opts.terms ?? true) source.accepted.add(id.userId);
    return id;
  };
  return { source, call, user, tick: (ms: number) => (clock += ms), now };
}

const SAMPLE_ANSWERS: Record<string, unknown> = {
  listAccountOrders: { items: [], nextCursor: null },
  acceptTerms: { termsAccepted: true, termsAcceptedDate: '2025-06-02T12:00:00.000Z' },
  getMyActivity: { activity: null },
  signOut: { signedOut: true, scope: 'this-session' },
  listOrders: { items: [], nextCursor: null },
};
const LIST = { accountNumber: 'BV-1001' };

describe('terms and email rules (spec 4, 6) in the handler wrapper', () => {
  it('a customer who has not accepted the terms gets 403 on listAccountOrders and the use case never runs', async () => {
    const w = world();
    w.user('pending', ['customer'], { activeAgo: MINUTE, terms: false });
    const res = await w.call(ROUTES.listAccountOrders, 'pending', LIST);
    expect(res.status).toBe(403);
    expect(res.body.error).toMatchObject({
      status: 'permission-denied',
      message: SESSION_RULE_MESSAGES.termsNotAccepted,
    });
    expect(res.ran).toBe(false);
  });

  it('…but may accept the terms (allowBeforeTerms), and is let in on the next call', async () => {
    const w = world();
    const me = w.user('pending', ['customer'], { activeAgo: MINUTE, terms: false });
    expect((await w.call(ROUTES.listAccountOrders, 'pending', LIST)).status).toBe(403);
    const accepted = await w.call(ROUTES.acceptTerms, 'pending');
    expect(accepted).toMatchObject({ status: 200, ran: true });
    w.source.accepted.add(me.userId); // what the acceptTerms use case stores
    // A "not accepted" answer is never cached, so the very next call passes.
    expect((await w.call(ROUTES.listAccountOrders, 'pending', LIST)).status).toBe(200);
  });

  it('a customer with an unverified email gets 403 with its own message; admins need neither', async () => {
    const w = world();
    w.user('unverified', ['customer'], { activeAgo: MINUTE, emailVerified: false });
    expect((await w.call(ROUTES.listAccountOrders, 'unverified', LIST)).body.error.message).toBe(
      SESSION_RULE_MESSAGES.emailNotVerified,
    );
    expect((await w.call(ROUTES.getMyActivity, 'unverified')).status).toBe(200);
    w.user('admin', ['admin'], { activeAgo: MINUTE, terms: false, emailVerified: false });
    expect((await w.call(ROUTES.listAccountOrders, 'admin', LIST)).status).toBe(200);
  });

  it('an accepted-terms answer is cached per process: no users read after the first', async () => {
    const w = world();
    w.user('c', ['customer'], { activeAgo: MINUTE });
    for (let i = 0; i < 4; i++) await w.call(ROUTES.listAccountOrders, 'c', LIST);
    expect(w.source.termsReads).toBe(1);
  });
});

describe('the 60-minute idle rule (spec 4) in the handler wrapper', () => {
  it('a session whose last activity is 60 minutes old gets 401 unauthenticated; at 59 minutes it passes', async () => {
    const w = world();
    w.user('idle', ['customer'], { activeAgo: 60 * MINUTE });
    const res = await w.call(ROUTES.listAccountOrders, 'idle', LIST);
    expect(res.status).toBe(401);
    expect(res.body.error).toMatchObject({ status: 'unauthenticated', message: SESSION_RULE_MESSAGES.idle });
    expect(res.ran).toBe(false);
    w.user('busy', ['customer'], { activeAgo: 59 * MINUTE });
    expect((await w.call(ROUTES.listAccountOrders, 'busy', LIST)).status).toBe(200);
  });

  it('applies to staff too, and to routes open to anyone signed in', async () => {
    const w = world();
    w.user('admin', ['admin'], { activeAgo: 90 * MINUTE });
    expect((await w.call(ROUTES.listOrders, 'admin')).status).toBe(401);
    expect((await w.call(ROUTES.acceptTerms, 'admin')).status).toBe(401);
  });

  it('signOut and getMyActivity (allowWhenIdle) still answer an idle session', async () => {
    const w = world();
    w.user('idle', ['customer'], { activeAgo: 3 * 60 * MINUTE });
    expect((await w.call(ROUTES.signOut, 'idle')).status).toBe(200);
    expect((await w.call(ROUTES.getMyActivity, 'idle')).status).toBe(200);
  });

  it('a fresh sign-in counts as activity, so calls made before the first activity write pass', async () => {
    const w = world();
    w.user('fresh', ['customer'], { signedInAgo: 2000, activeAgo: 5 * 60 * 60 * MINUTE }); // last week's record
    expect((await w.call(ROUTES.listAccountOrders, 'fresh', LIST)).status).toBe(200);
    w.user('no-record', ['customer'], { signedInAgo: 2000 });
    expect((await w.call(ROUTES.listAccountOrders, 'no-record', LIST)).status).toBe(200);
    w.user('old-no-record', ['customer'], { signedInAgo: 61 * MINUTE });
    expect((await w.call(ROUTES.listAccountOrders, 'old-no-record', LIST)).status).toBe(401);
  });

  it("a record the browser wrote as active counts from the server's time of the write (a browser clock set behind)", async () => {
    const w = world();
    const me = w.user('skewed', ['customer']);
    w.source.records.set(me.userId, {
      lastActivity: w.now() - 3 * 60 * MINUTE,
      lastSync: w.now() - MINUTE,
      status: 'active',
    });
    expect((await w.call(ROUTES.listAccountOrders, 'skewed', LIST)).status).toBe(200);
  });

  it('reads the activity record at most once per 5 s per user', async () => {
    const w = world();
    w.user('c', ['customer'], { activeAgo: MINUTE });
    for (let i = 0; i < 5; i++) await w.call(ROUTES.listAccountOrders, 'c', LIST);
    expect(w.source.activityReads).toBe(1);
    w.tick(SESSION_FACTS_CACHE_MS);
    await w.call(ROUTES.listAccountOrders, 'c', LIST);
    expect(w.source.activityReads).toBe(2);
  });

  it('an idle answer from the cache is confirmed against the table (Continue Session in another process)', async () => {
    const w = world();
    const me = w.user('c', ['customer'], { activeAgo: 60 * MINUTE - 1000 });
    expect((await w.call(ROUTES.listAccountOrders, 'c', LIST)).status).toBe(200); // cached: 59:59 ago
    w.source.records.set(me.userId, { lastActivity: w.now(), lastSync: w.now(), status: 'active' });
    w.tick(2000); // the cached record now says 60:01 ago
    expect((await w.call(ROUTES.listAccountOrders, 'c', LIST)).status).toBe(200);
    expect(w.source.activityReads).toBe(2);
  });

  it('the idle rule runs before the terms rule: an idle session is over, whatever its state', async () => {
    const w = world();
    w.user('both', ['customer'], { activeAgo: 2 * 60 * MINUTE, terms: false });
    expect((await w.call(ROUTES.listAccountOrders, 'both', LIST)).status).toBe(401);
  });
});
