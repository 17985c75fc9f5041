import { describe, expect, it } from 'vitest';
import { ROUTES } from '../../../../core/routes';
import { AppError } from '../../../../core/errors';
import { callerOf, createHandler } from '../../../../lambdas/http/create-handler';
import { getMyActivity } from '../../../../lambdas/use-cases/activity/get-my-activity';
import { putActivity } from '../../../../lambdas/use-cases/activity/put-activity';
import { ACTIVITY_T0, activityReport } from '../../../support/activity-report';
import { callableEvent } from '../../../support/api-gateway-event';
import { identity } from '../../../support/identities';
import { InMemoryActivity, memoryLogger } from '../../../support/in-memory-ports';

const T0 = ACTIVITY_T0;
const customer = identity(['customer'], { userId: 'cust-1', email: 'cust@practice.test' });
const superadmin = identity(['admin', 'superadmin'], { userId: 'boss-1', email: 'boss@lab.test' });
const tokens: Record<string, typeof customer> = { 'customer-token': customer, 'super-token': superadmin };

const report = activityReport;

/** The putActivity and getMyActivity routes over an in-memory table, with a controllable clock. */
function setup() {
  let now = T0;
  const activity = new InMemoryActivity();
  const deps = {
    verifyToken: async (t: string) => tokens[t] ?? Promise.reject(new AppError('unauthenticated', 'x')),
    log: memoryLogger().log,
  };
  const put = createHandler(
    ROUTES.putActivity,
    (input, ctx) => putActivity(callerOf(ctx), input, { activity, now: () => new Date(now) }),
    deps,
  );
  const get = createHandler(ROUTES.getMyActivity, (_i, ctx) => getMyActivity(callerOf(ctx), activity), deps);
  const call = async (data: unknown, token = 'customer-token') => {
    const res = await put(callableEvent('putActivity', { data, token }));
    return { status: res.statusCode, body: JSON.parse(res.body ?? '{}') };
  };
  return { activity, call, get, advance: (ms: number) => (now += ms) };
}

describe("putActivity: the caller's own activity record (spec 3, 7, 9)", () => {
  it('stores the record under the caller from the token, never a userId from the body', async () => {
    const { activity, call } = setup();
    const res = await call(report(T0, { userId: 'victim', userEmail: 'victim@x.test', userRole: 'superadmin' }));
    expect(res).toEqual({ status: 200, body: { result: { written: true, lastSync: T0 } } });
    expect(activity.rows.has('victim')).toBe(false);
    expect(activity.rows.get('cust-1')).toMatchObject({
      userId: 'cust-1',
      userEmail: 'cust@practice.test',
      userRole: 'customer',
      lastSync: T0,
    });
  });

  it('spec 6: reports the role from the token (super admin)', async () => {
    const { activity, call } = setup();
    await call(report(T0), 'super-token');
    expect(activity.rows.get('boss-1')?.userRole).toBe('superadmin');
  });

  it('spec 7, 9: writes at most one record per 30 s per user', async () => {
    const { call, advance } = setup();
    expect((await call(report(T0))).body.result.written).toBe(true);
    advance(29_999);
    expect((await call(report(T0 + 29_000))).body.result).toEqual({ written: false, lastSync: null });
    advance(1);
    expect((await call(report(T0 + 30_000))).body.result.written).toBe(true);
  });

  it('spec 4: an immediate write (Continue Session) is not throttled', async () => {
    const { call, advance } = setup();
    await call(report(T0));
    advance(2000);
    expect((await call({ ...report(T0 + 2000), immediate: true })).body.result.written).toBe(true);
  });

  it('the stored last activity never goes backwards (a stale tab cannot make the user look idle)', async () => {
    const { activity, call, advance } = setup();
    await call(report(T0));
    advance(60_000);
    expect((await call({ ...report(T0 - 50 * 60_000), immediate: true })).body.result.written).toBe(false);
    expect(activity.rows.get('cust-1')?.lastActivity).toBe(T0);
  });

  it('a last activity in the future is cut to the server time', async () => {
    const { activity, call } = setup();
    await call(report(T0 + 24 * 3600_000));
    expect(activity.rows.get('cust-1')?.lastActivity).toBe(T0);
  });

  it.each([
    ['a device id that is not an id', report(T0, { deviceId: '<img src=x>' })],
    ['an unknown status', report(T0, { status: 'asleep' })],
    ['a missing browser block', { ...report(T0), browser: undefined }],
    ['a negative time', report(-1)],
  ])('refuses %s with invalid-argument', async (_label, data) => {
    const { call } = setup();
    expect((await call(data)).status).toBe(400);
  });

  it('refuses a caller without a token', async () => {
    const { call } = setup();
    expect((await call(report(T0), 'none')).status).toBe(401);
  });

  it("getMyActivity answers the caller's own record, or null", async () => {
    const { call, get } = setup();
    const empty = await get(callableEvent('getMyActivity', { token: 'super-token' }));
    expect(JSON.parse(empty.body ?? '{}')).toEqual({ result: { activity: null } });
    await call(report(T0));
    const mine = JSON.parse((await get(callableEvent('getMyActivity', { token: 'customer-token' }))).body ?? '{}');
    expect(mine.result.activity).toMatchObject({ userId: 'cust-1', lastActivity: T0, deviceId: 'device-0001' });
  });
});
