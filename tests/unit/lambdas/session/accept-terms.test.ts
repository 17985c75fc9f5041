import { describe, expect, it } from 'vitest';
import { errorAnswer } from '../../../../lambdas/http/error-response';
import { acceptTerms } from '../../../../lambdas/use-cases/accept-terms';
import { identity } from '../../../support/identities';
import { InMemoryUsers } from '../../../support/in-memory-ports';
import { testUser } from '../../../support/test-directory';

const first = new Date('2025-01-06T09:00:00.000Z');
const later = new Date('2025-02-01T12:00:00.000Z');
const caller = identity(['customer']);

function usersWith(termsAccepted: boolean) {
  const users = new InMemoryUsers();
  users.rows.set(
    caller.userId,
    testUser({ userId: caller.userId, email: caller.email, firstName: 'A', termsAccepted, version: 3 }),
  );
  return users;
}

describe('spec 4, 5 accept terms', () => {
  it('spec 5: requires a signed-in user ("User not authenticated")', async () => {
    await expect(acceptTerms(null, new InMemoryUsers(), () => first)).rejects.toMatchObject({
      status: 'unauthenticated',
      message: 'User not authenticated',
    });
  });

  it('spec 5: requires existing user data ("User data not found"), marked as the caller being gone', async () => {
    await expect(acceptTerms(caller, new InMemoryUsers(), () => first)).rejects.toMatchObject({
      status: 'not-found',
      message: 'User data not found',
      details: { callerGone: true },
    });
  });

  it('the answer for a gone record carries callerGone on the wire, so the web app logs out', async () => {
    const failure = await acceptTerms(caller, new InMemoryUsers(), () => first).catch((e: unknown) => e);
    expect(errorAnswer(failure, 'corr-1')).toMatchObject({
      statusCode: 404,
      body: { error: { status: 'not-found', message: 'User data not found', details: { callerGone: true } } },
    });
  });

  it("records acceptance with the server time on the caller's own record", async () => {
    const users = usersWith(false);
    expect(await acceptTerms(caller, users, () => first)).toEqual({
      termsAccepted: true,
      termsAcceptedDate: first.toISOString(),
    });
    expect(users.rows.get(caller.userId)).toMatchObject({ termsAccepted: true, version: 4 });
  });

  it('accepting again keeps the first date', async () => {
    const users = usersWith(false);
    await acceptTerms(caller, users, () => first);
    expect((await acceptTerms(caller, users, () => later)).termsAcceptedDate).toBe(first.toISOString());
  });

  it("never touches another user's record", async () => {
    const users = usersWith(false);
    const other = identity(['customer'], { userId: 'someone-else' });
    await expect(acceptTerms(other, users, () => first)).rejects.toMatchObject({ status: 'not-found' });
    expect(users.rows.get(caller.userId)?.termsAccepted).toBe(false);
  });
});
