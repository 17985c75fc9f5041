import { beforeAll, describe, expect, inject, it } from 'vitest';
import { caller } from '../support/api-call';
import { createTestUser, signIn } from '../support/cognito-test-users';
import { getRow, putRow, userRow } from '../support/dynamo-rows';

/** updateMyProfile (spec 3 User fields) through the local gateway against DynamoDB Local. */
const urls = inject('urls');

beforeAll(() => {
  Object.assign(process.env, inject('env'));
});

async function customer(extra: Record<string, unknown> = {}) {
  const user = await createTestUser(['customer']);
  await putRow('users', userRow(user, { accountNumber: 'BV-1001', phone: '503 555 0100', ...extra }));
  return { user, as: caller(urls.api, await signIn(user)) };
}

describe('updateMyProfile (spec 3): the caller edits their own fields', () => {
  it('writes the given fields, clears one with an empty string, counts the version up', async () => {
    const { user, as } = await customer();
    const res = await as('updateMyProfile', { version: 0, firstName: 'Noor', city: 'Salem', zip: '97301', phone: '' });
    expect(res.status).toBe(200);
    expect(res.body.result).toMatchObject({ userId: user.userId, firstName: 'Noor', city: 'Salem', version: 1 });
    expect(res.body.result.phone).toBeUndefined();
    expect(await getRow('users', { userId: user.userId })).toMatchObject({
      firstName: 'Noor',
      zip: '97301',
      version: 1,
    });
  });

  it('a stale version (another tab saved first) is a 409 with a clear message, and nothing is written', async () => {
    const { user, as } = await customer();
    expect((await as('updateMyProfile', { version: 0, company: 'Tab One' })).status).toBe(200);
    const stale = await as('updateMyProfile', { version: 0, company: 'Tab Two' });
    expect(stale.status).toBe(409);
    expect(stale.body.error.message).toBe(
      'Your profile changed since you opened it (maybe in another tab). Reload to see the latest, then save again.',
    );
    expect(await getRow('users', { userId: user.userId })).toMatchObject({ company: 'Tab One', version: 1 });
  });

  it('mass assignment of protected fields is refused: account numbers, role, terms, email, id (400, nothing changes)', async () => {
    const { user, as } = await customer();
    const before = await getRow('users', { userId: user.userId });
    const protectedFields: Record<string, unknown> = {
      accountNumber: 'HV-2001',
      accountNumbers: ['HV-2001'],
      role: 'admin',
      isSuperAdmin: true,
      termsAccepted: false,
      termsAcceptedDate: '2020-01-01T00:00:00.000Z',
      email: 'someone.else@lab.test',
      userId: 'another-user',
      version: 0,
    };
    for (const [field, value] of Object.entries(protectedFields)) {
      if (field === 'version') continue;
      const res = await as('updateMyProfile', { version: 0, firstName: 'Sneaky', [field]: value });
      expect(res.status, field).toBe(400);
      expect(res.body.error.details.fieldErrors._[0], field).toContain(field);
    }
    expect(await getRow('users', { userId: user.userId })).toEqual(before);
  });

  it('field rules: names cannot be emptied, values stay on one line', async () => {
    const { as } = await customer();
    const res = await as('updateMyProfile', { version: 0, firstName: '', city: 'Salem\r\nBcc: x@y.z' });
    expect(res.status).toBe(400);
    expect(res.body.error.details.fieldErrors).toEqual({
      firstName: ['First name is required'],
      city: ['City must be one line of text'],
    });
  });

  it('spec 5: a user without a record gets "User data not found"', async () => {
    const as = caller(urls.api, await signIn(await createTestUser(['admin'])));
    const res = await as('updateMyProfile', { version: 0, firstName: 'Ada' });
    expect(res.status).toBe(404);
    expect(res.body.error.message).toBe('User data not found');
  });
});
