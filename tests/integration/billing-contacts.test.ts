import { stackUrls as urls } from './helpers/stack-env';
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { BILLING_CONTACT_MESSAGES } from '../../core/schemas/customers/billing-contacts';
import { caller } from '../support/api-call';
import { createTestUser, signIn } from '../support/cognito-test-users';
import { customerRow, getRow, putRow, userRow } from '../support/dynamo-rows';

/**
 * Billing contacts through the local gateway (docs/decisions/0109-billing-contacts.md): the account's own users
 * read and replace the list on the practice's version; the lab reads it; bad input changes nothing.
 */
const accountNumber = `BC-${randomUUID().slice(0, 8).toUpperCase()}`;
let practice: ReturnType<typeof caller>;
let lab: ReturnType<typeof caller>;

beforeAll(async () => {
  await putRow('customers', customerRow(accountNumber));
  const user = await createTestUser(['customer']);
  await putRow('users', userRow(user, { accountNumber, termsAccepted: true }));
  practice = caller(urls.api, await signIn(user));
  const admin = await createTestUser(['admin']);
  await putRow('users', userRow(admin));
  lab = caller(urls.api, await signIn(admin));
});

describe('billing contacts on the emulators', () => {
  it('a practice user replaces the list, stored lower-case, and the lab reads the same list', async () => {
    const before = await practice('getBillingContacts', { accountNumber });
    expect(before.body['result']).toEqual({ accountNumber, contacts: [], version: 0 });

    const saved = await practice('updateBillingContacts', {
      accountNumber,
      contacts: ['AP@Practice.test', 'owner@practice.test'],
      version: 0,
    });
    expect(saved.status).toBe(200);
    expect(saved.body['result']).toEqual({
      accountNumber,
      contacts: ['ap@practice.test', 'owner@practice.test'],
      version: 1,
    });
    const read = await lab('getBillingContacts', { accountNumber });
    expect(read.body['result'].contacts).toEqual(['ap@practice.test', 'owner@practice.test']);
    expect((await getRow('customers', { accountNumber }))?.['billingContacts']).toEqual([
      'ap@practice.test',
      'owner@practice.test',
    ]);
  });

  it('a list saved on a version read before another change is a 409 and nothing changes', async () => {
    const stale = await practice('updateBillingContacts', {
      accountNumber,
      contacts: ['late@practice.test'],
      version: 0,
    });
    expect(stale.status).toBe(409);
    expect((await getRow('customers', { accountNumber }))?.['billingContacts']).toEqual([
      'ap@practice.test',
      'owner@practice.test',
    ]);
  });

  it('a bad address or the same address twice is a 400 naming the entry, and nothing changes', async () => {
    const bad = await practice('updateBillingContacts', { accountNumber, contacts: ['not-an-email'], version: 1 });
    expect(bad.status).toBe(400);
    const twice = await practice('updateBillingContacts', {
      accountNumber,
      contacts: ['ap@practice.test', 'AP@practice.test'],
      version: 1,
    });
    expect(twice.status).toBe(400);
    expect(JSON.stringify(twice.body)).toContain(BILLING_CONTACT_MESSAGES.twice);
    expect((await getRow('customers', { accountNumber }))?.['version']).toBe(1);
  });

  it('an empty list removes the contacts', async () => {
    const cleared = await practice('updateBillingContacts', { accountNumber, contacts: [], version: 1 });
    expect(cleared.body['result']).toEqual({ accountNumber, contacts: [], version: 2 });
    expect((await getRow('customers', { accountNumber }))?.['billingContacts']).toBeUndefined();
  });

  it('the lab cannot change a practice’s billing contacts', async () => {
    const refused = await lab('updateBillingContacts', { accountNumber, contacts: ['lab@lenslab.test'], version: 2 });
    expect(refused.status).toBe(403);
  });
});
