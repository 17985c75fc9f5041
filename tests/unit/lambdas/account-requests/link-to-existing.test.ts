import { describe, expect, it } from 'vitest';
import {
  accountRequestFormSchema,
  approveAccountRequestInputSchema,
  existingPracticeMessage,
} from '../../../../core/schemas/account-requests';
import type { StoredEmail } from '../../../../lambdas/email/safe-email';
import { approveAccountRequest } from '../../../../lambdas/use-cases/account-requests/approve-account-request';
import { submitAccountRequest } from '../../../../lambdas/use-cases/account-requests/submit-account-request';
import { accountRequestPorts } from '../../../support/account-request-fakes';
import { failureOf } from '../../../support/failure-of';
import { identity } from '../../../support/identities';
import { recordingTrail } from '../../../support/in-memory-audit';
import { testUser } from '../../../support/test-directory';
import { TAKEOVER_FORM } from '../../../support/takeover-request';

/**
 * The attack: an account request that names someone else's account number
 * (`existingAccountNumber: "BV-1001"`) used to be approved with one click in a dialog pre-filled with that
 * number, and the requester became a user of that practice, with its orders and patients.
 */
const NOW = new Date('2025-03-03T10:00:00.000Z');

function world() {
  const { users, customers, requests, links, outbox, queued, templates, lines, deps } = accountRequestPorts(NOW);
  const attacker = identity(['customer'], { userId: 'mallory', email: 'mallory@evil.test' });
  const lead = identity(['admin', 'superadmin'], { userId: 'lead', email: 'lead@lab.test' });
  const profile = (userId: string, email: string, accountNumber?: string) =>
    testUser({ userId, email, firstName: 'F', ...(accountNumber ? { accountNumber } : {}) });
  // Brightview and its two users.
  customers.rows.set('BV-1001', {
    accountNumber: 'BV-1001',
    company: 'Brightview Eye Care',
    phone: '(503) 555-0142',
    shippingAddress: { address: '1 Main St', city: 'Portland', state: 'OR', zip: '97201' },
    pricingAllowed: true,
  });
  for (const [id, email] of [
    ['ann', 'ann@brightview.test'],
    ['bob', 'bob@brightview.test'],
  ] as const) {
    users.rows.set(id, profile(id, email, 'BV-1001'));
    customers.userIds.set('BV-1001', (customers.userIds.get('BV-1001') ?? new Set()).add(id));
  }
  users.rows.set('mallory', profile('mallory', 'mallory@evil.test'));
  const request = async (existingAccountNumber?: string) => {
    const form = accountRequestFormSchema.parse({
      ...TAKEOVER_FORM,
      ...(existingAccountNumber ? { existingAccountNumber } : {}),
    });
    await submitAccountRequest(attacker, form, deps);
    outbox.records.clear(); // the lab's notice of the request
  };
  return { users, customers, requests, links, outbox, queued, templates, lines, lead, deps, request };
}

const confirm = (accountNumber: string) => ({ accountNumber, confirm: true as const });

describe('approving a request onto an existing practice needs a separate confirmation', () => {
  it('the one-click approval of a request naming BV-1001 is refused (409) and changes nothing', async () => {
    const w = world();
    await w.request('BV-1001');
    expect(await failureOf(approveAccountRequest(w.lead, { requestId: 'mallory' }, w.deps))).toMatchObject({
      status: 'aborted',
      message: existingPracticeMessage('BV-1001', 'Brightview Eye Care'),
    });
    expect(w.users.rows.get('mallory')?.accountNumber).toBeUndefined();
    expect(await w.customers.linkedUserIds('BV-1001')).toEqual(['ann', 'bob']);
    expect(w.requests.rows.get('mallory')?.status).toBe('pending');
    expect(w.links.applied).toEqual([]);
    expect(w.queued()).toEqual([]);
  });

  it('so is an approval where the lab typed an existing account number itself', async () => {
    const w = world();
    await w.request();
    const typed = await failureOf(
      approveAccountRequest(w.lead, { requestId: 'mallory', accountNumber: 'BV-1001' }, w.deps),
    );
    expect(typed.status).toBe('aborted');
    expect(w.links.applied).toEqual([]);
  });

  it('a confirmation for another practice than the one approved is a 400, nothing changes', async () => {
    const w = world();
    await w.request('BV-1001');
    const mismatch = await failureOf(
      approveAccountRequest(
        w.lead,
        { requestId: 'mallory', accountNumber: 'BV-1001', linkToExisting: confirm('HV-2001') },
        w.deps,
      ),
    );
    expect(mismatch).toMatchObject({ status: 'invalid-argument' });
    expect(w.links.applied).toEqual([]);
  });

  it('confirming a practice that does not exist creates nothing (409: the dialog was stale)', async () => {
    const w = world();
    await w.request();
    const gone = await failureOf(
      approveAccountRequest(
        w.lead,
        { requestId: 'mallory', accountNumber: 'ZZ-1', linkToExisting: confirm('ZZ-1') },
        w.deps,
      ),
    );
    expect(gone.status).toBe('aborted');
    expect(w.customers.rows.has('ZZ-1')).toBe(false);
  });

  it('the confirmation is a literal true, not any truthy value', () => {
    const parse = (linkToExisting: unknown) =>
      approveAccountRequestInputSchema.safeParse({ requestId: 'mallory', linkToExisting }).success;
    expect(parse({ accountNumber: 'BV-1001', confirm: true })).toBe(true);
    expect(parse({ accountNumber: 'BV-1001', confirm: 'yes' })).toBe(false);
    expect(parse({ accountNumber: 'BV-1001' })).toBe(false);
  });

  it("once confirmed: linked with an email to each of the practice's users, and the link is logged for the audit trail", async () => {
    const w = world();
    await w.request('BV-1001');
    const { audit, changes } = recordingTrail();
    const answer = await approveAccountRequest(
      w.lead,
      { requestId: 'mallory', linkToExisting: confirm('BV-1001') },
      { ...w.deps, audit },
    );
    expect(answer).toMatchObject({ practiceCreated: false, linkedToExisting: true, request: { status: 'approved' } });
    expect(w.users.rows.get('mallory')?.accountNumber).toBe('BV-1001');

    const toPractice = w.queued().filter((m) => m.subject.startsWith('A new user was linked'));
    expect(toPractice.map((m) => m.to)).toEqual([['ann@brightview.test'], ['bob@brightview.test']]);
    expect(toPractice[0]?.subject).toBe('A new user was linked to Brightview Eye Care (BV-1001)');
    expect(toPractice[0]?.text).toContain('mallory@evil[.]test');
    // The requester gets their approval, not the practice notice.
    expect(w.queued().filter((m) => m.to.includes('mallory@evil.test'))).toHaveLength(1);

    // The audit trail (the wrapper adds who: the lead): whom was given access, and who was there already.
    expect(changes).toEqual([
      expect.objectContaining({
        action: 'account-request.approve',
        target: { type: 'account-request', id: 'mallory' },
        accountNumber: 'BV-1001',
        before: expect.objectContaining({
          status: 'pending',
          userAccounts: expect.objectContaining({ accountNumber: null }),
          practiceUserIds: ['ann', 'bob'],
        }),
        after: expect.objectContaining({
          status: 'approved',
          linkedToExisting: true,
          userAccounts: expect.objectContaining({ accountNumber: 'BV-1001' }),
          practiceUserIds: ['ann', 'bob', 'mallory'],
        }),
      }),
    ]);
  });

  it("the practice users' emails are stored with the link: a refused link stores none, its retry stores each once", async () => {
    const w = world();
    await w.request('BV-1001');
    w.links.failNext('apply');
    const input = { requestId: 'mallory', linkToExisting: confirm('BV-1001') };
    await failureOf(approveAccountRequest(w.lead, input, w.deps));
    expect(w.queued()).toEqual([]);
    await approveAccountRequest(w.lead, input, w.deps);
    expect(w.queued().map((m) => m.to)).toEqual([
      ['ann@brightview.test'],
      ['bob@brightview.test'],
      ['mallory@evil.test'],
    ]);
  });

  it("a practice of 150 users is told in one stored notice, sent to each user alone: the link's transaction stays small", async () => {
    const w = world();
    for (let i = 0; i < 148; i += 1) {
      const id = `user-${i}`;
      w.users.rows.set(
        id,
        testUser({ userId: id, email: `${id}@brightview.test`, firstName: 'F', accountNumber: 'BV-1001' }),
      );
      w.customers.userIds.get('BV-1001')!.add(id);
    }
    await w.request('BV-1001');
    await approveAccountRequest(w.lead, { requestId: 'mallory', linkToExisting: confirm('BV-1001') }, w.deps);
    const stored = w.outbox.notices<StoredEmail>('email').filter((m) => m.subject.startsWith('A new user was linked'));
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ separately: true });
    expect(stored[0]!.to).toHaveLength(150);
    const sent = w.queued().filter((m) => m.subject.startsWith('A new user was linked'));
    expect(sent).toHaveLength(150);
    expect(sent.every((m) => m.to.length === 1)).toBe(true);
    expect(new Set(sent.map((m) => m.to[0])).size).toBe(150);
  });

  it('a saved practice-user-linked template is what the practice users get', async () => {
    const w = world();
    await w.templates.save(
      'practice-user-linked',
      { subject: '{{linkedUserEmail}} joined {{company}}', body: 'Account {{accountNumber}}' },
      0,
      NOW.toISOString(),
    );
    await w.request('BV-1001');
    await approveAccountRequest(w.lead, { requestId: 'mallory', linkToExisting: confirm('BV-1001') }, w.deps);
    expect(w.queued().find((m) => m.to.includes('ann@brightview.test'))).toMatchObject({
      subject: 'mallory@evil[.]test joined Brightview Eye Care',
      text: 'Account BV-1001',
    });
  });

  it('a new account number still creates the practice with one click, and nobody else gets an email', async () => {
    const w = world();
    await w.request();
    const answer = await approveAccountRequest(w.lead, { requestId: 'mallory', accountNumber: 'MV-1' }, w.deps);
    expect(answer).toMatchObject({ practiceCreated: true, linkedToExisting: false });
    expect(w.queued().map((m) => m.to)).toEqual([['mallory@evil.test']]);
  });
});
