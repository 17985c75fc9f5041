import { describe, expect, it } from 'vitest';
import { updateMyProfileInputSchema } from '../../../../core/schemas/profile/profile-update';
import { updateMyProfile } from '../../../../lambdas/use-cases/profile/update-my-profile';
import { failureOf } from '../../../support/failure-of';
import { identity } from '../../../support/identities';
import { InMemoryUsers } from '../../../support/in-memory-ports';

function world() {
  const users = new InMemoryUsers();
  const caller = identity(['customer'], { userId: 'me' });
  users.rows.set('me', {
    userId: 'me',
    email: 'me@practice.test',
    firstName: 'Ann',
    lastName: 'Lee',
    accountNumber: 'BV-1001',
    accountNumbers: [],
    phone: '503 555 0100',
    termsAccepted: true,
    version: 2,
  });
  return { users, caller };
}
const input = (data: Record<string, unknown>) => updateMyProfileInputSchema.parse(data);

describe('updateMyProfile (spec 3)', () => {
  it("writes the given fields on the caller's own record; an empty string clears a field", async () => {
    const { users, caller } = world();
    const saved = await updateMyProfile(caller, input({ version: 2, city: 'Salem', phone: '' }), users);
    expect(saved).toMatchObject({ city: 'Salem', firstName: 'Ann', accountNumber: 'BV-1001', version: 3 });
    expect(saved.phone).toBeUndefined();
  });

  it('a stale version is a 409 with a clear message and nothing is written', async () => {
    const { users, caller } = world();
    expect(await failureOf(updateMyProfile(caller, input({ version: 1, city: 'Late' }), users))).toMatchObject({
      status: 'aborted',
      message:
        'Your profile changed since you opened it (maybe in another tab). Reload to see the latest, then save again.',
    });
    expect(users.rows.get('me')?.city).toBeUndefined();
    expect((await failureOf(updateMyProfile(caller, input({ version: 1 }), users))).status).toBe('aborted');
  });

  it('spec 5: no record is "User data not found", marked as the caller being gone', async () => {
    const { users } = world();
    const stranger = identity(['customer'], { userId: 'stranger' });
    expect(await failureOf(updateMyProfile(stranger, input({ version: 0, city: 'X' }), users))).toMatchObject({
      status: 'not-found',
      message: 'User data not found',
      details: { callerGone: true },
    });
  });

  it.each([
    'accountNumber',
    'accountNumbers',
    'role',
    'isSuperAdmin',
    'termsAccepted',
    'termsAcceptedDate',
    'email',
    'userId',
  ])('mass assignment: %s is refused by the schema, never silently written', (field) => {
    const parsed = updateMyProfileInputSchema.safeParse({ version: 2, [field]: 'x' });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]).toMatchObject({ code: 'unrecognized_keys', keys: [field] });
  });
});
