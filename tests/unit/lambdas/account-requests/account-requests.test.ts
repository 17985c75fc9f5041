import { describe, expect, it } from 'vitest';
import { accountRequestFormSchema, type AccountRequest } from '../../../../core/schemas/account-requests';
import { approveAccountRequest } from '../../../../lambdas/use-cases/account-requests/approve-account-request';
import { rejectAccountRequest } from '../../../../lambdas/use-cases/account-requests/reject-account-request';
import { submitAccountRequest } from '../../../../lambdas/use-cases/account-requests/submit-account-request';
import { accountRequestForm, accountRequestPorts } from '../../../support/account-request-fakes';
import { failureOf } from '../../../support/failure-of';
import { identity } from '../../../support/identities';

const NOW = new Date('2025-03-03T10:00:00.000Z');
const form = (extra: Record<string, unknown> = {}) =>
  accountRequestFormSchema.parse(accountRequestForm('Sunrise Vision', extra));

function world() {
  const ports = accountRequestPorts(NOW);
  const customer = identity(['customer'], { userId: 'cust-1', email: 'fitter@sunrise.test' });
  const lead = identity(['admin', 'superadmin'], { userId: 'lead', email: 'lead@lab.test' });
  ports.users.rows.set('cust-1', {
    userId: 'cust-1',
    email: 'fitter@sunrise.test',
    firstName: 'A',
    lastName: 'M',
    accountNumbers: [],
    termsAccepted: true,
    version: 0,
  });
  return { ...ports, customer, lead };
}

describe('submitAccountRequest (spec 2, 7)', () => {
  it("stores one pending request keyed by the user id, with the lab's email", async () => {
    const { requests, queued, customer, deps } = world();
    const answer = await submitAccountRequest(customer, form(), deps);
    expect(answer).toMatchObject({
      created: true,
      request: { requestId: 'cust-1', userEmail: 'fitter@sunrise.test', status: 'pending' },
    });
    expect(requests.rows.size).toBe(1);
    expect(queued()).toHaveLength(1);
    expect(queued()[0]).toMatchObject({ to: ['orders@lab.test'], subject: 'New account request: Sunrise Vision' });
  });

  it("submitting twice stores one request, answers it both times and queues the lab's email once", async () => {
    const { requests, queued, customer, deps } = world();
    const [a, b] = await Promise.all([
      submitAccountRequest(customer, form(), deps),
      submitAccountRequest(customer, form({ contactName: 'Other' }), deps),
    ]);
    expect([a.created, b.created].sort()).toEqual([false, true]);
    expect(b.request).toEqual(a.request);
    expect(requests.rows.size).toBe(1);
    expect(queued()).toHaveLength(1);
  });

  it('only a verified customer without an account number may ask', async () => {
    const { users, customer, deps } = world();
    expect(await failureOf(submitAccountRequest({ ...customer, emailVerified: false }, form(), deps))).toMatchObject({
      status: 'permission-denied',
      message: 'Verify your email address before requesting an account number.',
    });
    users.rows.set('cust-1', { ...users.rows.get('cust-1')!, accountNumber: 'BV-1001' });
    expect((await failureOf(submitAccountRequest(customer, form(), deps))).status).toBe('aborted');
  });

  it('the buying group must be one of listBuyingGroups', async () => {
    const { requests, customer, deps } = world();
    expect(await failureOf(submitAccountRequest(customer, form({ buyingGroupId: 'made-up' }), deps))).toMatchObject({
      status: 'invalid-argument',
      details: { fieldErrors: { buyingGroupId: ['Choose a buying group from the list'] } },
    });
    expect(requests.rows.size).toBe(0);
  });

  it("the lab's notice is stored with the request: a write that fails stores neither, and the customer may send again", async () => {
    const { requests, queued, customer, deps } = world();
    requests.failNext('createOpen');
    await failureOf(submitAccountRequest(customer, form(), deps));
    expect(requests.rows.size).toBe(0);
    expect(queued()).toEqual([]);
    expect((await submitAccountRequest(customer, form(), deps)).created).toBe(true);
    expect(queued()).toHaveLength(1);
  });

  it('the shared form schema: clear field messages, no CR/LF, no extra keys, empty existing account is none', () => {
    const bad = accountRequestFormSchema.safeParse({
      practiceName: 'A\nB',
      email: 'x',
      phone: '12',
      address: {},
      extra: 1,
    });
    expect(bad.success).toBe(false);
    const messages = bad.error!.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    expect(messages).toEqual(
      expect.arrayContaining([
        'practiceName: Practice name must be one line of text',
        'contactName: Contact name is required',
        'email: Enter a valid email address',
        'phone: Enter a valid phone',
        'address.city: City is required',
        'stateLicenseNumber: State license number is required',
        'buyingGroupId: Choose a buying group',
      ]),
    );
    expect(form({ existingAccountNumber: '' }).existingAccountNumber).toBeUndefined();
    expect(form({ existingAccountNumber: 'bv-1001' }).existingAccountNumber).toBe('BV-1001');
  });
});

async function pending(w: ReturnType<typeof world>, extra: Record<string, unknown> = {}): Promise<AccountRequest> {
  return (await submitAccountRequest(w.customer, form(extra), w.deps)).request;
}

describe('approveAccountRequest', () => {
  it("creates the practice from the request, links the user as main account, approves with the customer's email", async () => {
    const w = world();
    await pending(w);
    const answer = await approveAccountRequest(w.lead, { requestId: 'cust-1', accountNumber: 'SV-1' }, w.deps);
    expect(answer).toMatchObject({
      practiceCreated: true,
      emailSent: true,
      request: { status: 'approved', accountNumber: 'SV-1', decidedBy: 'lead@lab.test' },
    });
    expect(await w.customers.get('SV-1')).toMatchObject({
      company: 'Sunrise Vision',
      phone: '(503) 555-0170',
      buyingGroupId: 'vision-source',
      pricingAllowed: false,
    });
    expect(w.users.rows.get('cust-1')).toMatchObject({ accountNumber: 'SV-1', accountNumbers: [] });
    expect(await w.customers.linkedUserIds('SV-1')).toEqual(['cust-1']);
    expect(w.queued().at(-1)).toMatchObject({ to: ['fitter@sunrise.test'] });
  });

  it("confirms the customer's own account number when none is assigned, and keeps an existing practice", async () => {
    const w = world();
    w.customers.rows.set('BV-1001', {
      accountNumber: 'BV-1001',
      company: 'Existing',
      phone: '1',
      shippingAddress: { address: '', city: '', state: '', zip: '' },
      pricingAllowed: true,
    });
    await pending(w, { existingAccountNumber: 'BV-1001' });
    // An existing practice needs the separate confirmation (link-to-existing.test.ts).
    const confirm = { accountNumber: 'BV-1001', confirm: true as const };
    const answer = await approveAccountRequest(w.lead, { requestId: 'cust-1', linkToExisting: confirm }, w.deps);
    expect(answer.practiceCreated).toBe(false);
    expect((await w.customers.get('BV-1001'))?.company).toBe('Existing');
    expect(w.users.rows.get('cust-1')?.accountNumber).toBe('BV-1001');
  });

  it('a failure half-way (link) is finished by calling again, without a second practice, link or email', async () => {
    const w = world();
    await pending(w);
    w.links.failNext('apply');
    await failureOf(approveAccountRequest(w.lead, { requestId: 'cust-1', accountNumber: 'SV-1' }, w.deps));
    expect(w.customers.rows.has('SV-1')).toBe(true);
    expect(w.requests.rows.get('cust-1')?.status).toBe('pending');
    const sentBefore = w.queued().length;

    // The practice this approval created now exists, so finishing the link needs the confirmation.
    const confirm = { accountNumber: 'SV-1', confirm: true as const };
    const answer = await approveAccountRequest(
      w.lead,
      { requestId: 'cust-1', accountNumber: 'SV-1', linkToExisting: confirm },
      w.deps,
    );
    expect(answer).toMatchObject({ practiceCreated: false, request: { status: 'approved' } });
    const again = await approveAccountRequest(w.lead, { requestId: 'cust-1' }, w.deps);
    expect(again.emailSent).toBe(false);
    expect(w.links.applied).toHaveLength(1);
    expect(w.queued().length).toBe(sentBefore + 1);
  });

  it('a failure after the link (marking approved) is also finished by calling again', async () => {
    const w = world();
    await pending(w);
    w.requests.failNext('decide');
    await failureOf(approveAccountRequest(w.lead, { requestId: 'cust-1', accountNumber: 'SV-1' }, w.deps));
    expect(w.users.rows.get('cust-1')?.accountNumber).toBe('SV-1');
    await approveAccountRequest(w.lead, { requestId: 'cust-1', accountNumber: 'SV-1' }, w.deps);
    expect(w.requests.rows.get('cust-1')?.status).toBe('approved');
    expect(w.links.applied).toHaveLength(1);
  });

  it('a user whose record changes meanwhile is re-read and linked (no lost update)', async () => {
    const w = world();
    await pending(w);
    let raced = false;
    const get = w.users.get.bind(w.users);
    w.users.get = async (id) => {
      const row = await get(id);
      if (row && !raced) {
        raced = true;
        w.users.rows.set(id, { ...row, company: 'Edited in another tab', version: row.version + 1 });
      }
      return row;
    };
    await approveAccountRequest(w.lead, { requestId: 'cust-1', accountNumber: 'SV-1' }, w.deps);
    expect(w.users.rows.get('cust-1')).toMatchObject({ accountNumber: 'SV-1', company: 'Edited in another tab' });
  });

  it('needs an account number when the customer gave none; a rejected or other-numbered approval is a 409', async () => {
    const w = world();
    await pending(w);
    expect(await failureOf(approveAccountRequest(w.lead, { requestId: 'cust-1' }, w.deps))).toMatchObject({
      status: 'invalid-argument',
      message: 'Assign an account number: the customer did not give one.',
    });
    await approveAccountRequest(w.lead, { requestId: 'cust-1', accountNumber: 'SV-1' }, w.deps);
    expect(
      (await failureOf(approveAccountRequest(w.lead, { requestId: 'cust-1', accountNumber: 'SV-2' }, w.deps))).status,
    ).toBe('aborted');
    expect((await failureOf(approveAccountRequest(w.lead, { requestId: 'nope' }, w.deps))).status).toBe('not-found');
  });
});

describe('rejectAccountRequest', () => {
  it('stores the reason with its email, and rejecting again queues nothing more', async () => {
    const w = world();
    await pending(w);
    const answer = await rejectAccountRequest(w.lead, { requestId: 'cust-1', reason: 'License not found' }, w.deps);
    expect(answer).toMatchObject({
      emailSent: true,
      request: { status: 'rejected', rejectionReason: 'License not found' },
    });
    const sent = w.queued().length;
    expect((await rejectAccountRequest(w.lead, { requestId: 'cust-1', reason: 'Again' }, w.deps)).emailSent).toBe(
      false,
    );
    expect(w.queued().length).toBe(sent);
    expect(w.requests.rows.get('cust-1')?.rejectionReason).toBe('License not found');
  });

  it('an approved request cannot be rejected; after a rejection the customer may submit again', async () => {
    const w = world();
    await pending(w);
    await rejectAccountRequest(w.lead, { requestId: 'cust-1', reason: 'Fix the license' }, w.deps);
    expect((await submitAccountRequest(w.customer, form({ stateLicenseNumber: 'OR-99' }), w.deps)).created).toBe(true);
    await approveAccountRequest(w.lead, { requestId: 'cust-1', accountNumber: 'SV-1' }, w.deps);
    expect((await failureOf(rejectAccountRequest(w.lead, { requestId: 'cust-1', reason: 'x' }, w.deps))).status).toBe(
      'aborted',
    );
  });
});

describe('account request emails come from the Email Management templates', () => {
  const save = (
    w: ReturnType<typeof world>,
    kind: Parameters<typeof w.templates.save>[0],
    subject: string,
    body: string,
  ) => w.templates.save(kind, { subject, body }, 0, NOW.toISOString());

  it("a super admin's saved received/approved/rejected templates are what is queued, values filled", async () => {
    const w = world();
    await save(
      w,
      'account-request-received',
      'Request from {{company}}',
      'License {{stateLicenseNumber}}, {{buyingGroup}}',
    );
    await save(w, 'account-request-approved', 'Welcome {{company}}', 'Your number: {{accountNumber}}');
    await save(w, 'account-request-rejected', 'Sorry {{company}}', 'Because: {{reason}}');
    await pending(w);
    expect(w.queued().at(-1)).toMatchObject({ subject: 'Request from Sunrise Vision' });
    expect(w.queued().at(-1)?.text).toBe('License OR-12345, Vision Source');

    await approveAccountRequest(w.lead, { requestId: 'cust-1', accountNumber: 'SV-1' }, w.deps);
    expect(w.queued().at(-1)).toMatchObject({ subject: 'Welcome Sunrise Vision', text: 'Your number: SV-1' });

    const other = world();
    await save(other, 'account-request-rejected', 'Sorry {{company}}', 'Because: {{reason}}');
    await pending(other);
    await rejectAccountRequest(other.lead, { requestId: 'cust-1', reason: 'No license' }, other.deps);
    expect(other.queued().at(-1)).toMatchObject({
      to: ['fitter@sunrise.test'],
      subject: 'Sorry Sunrise Vision',
      text: 'Because: No license',
    });
  });

  it('the received email goes to each saved lab recipient as its own message', async () => {
    const w = world();
    await w.templates.saveLabRecipients(['a@lab.test', 'b@lab.test'], 0);
    await pending(w);
    expect(w.queued().map((m) => m.to)).toEqual([['a@lab.test'], ['b@lab.test']]);
  });

  it('when the template store cannot be read, the built-in text goes to the env default lab address', async () => {
    const w = world();
    await w.templates.saveLabRecipients(['a@lab.test'], 0);
    w.templates.failGets = true;
    await pending(w, { existingAccountNumber: 'BV-7' });
    expect(w.queued()).toHaveLength(1);
    expect(w.queued()[0]).toMatchObject({ to: ['orders@lab.test'], subject: 'New account request: Sunrise Vision' });
    expect(w.queued()[0]?.text).toContain('Existing account number: BV-7');
    expect(w.queued()[0]?.html).toContain('<a href="https://portal.lab.test">');
    expect(w.lines.some((l) => l.includes('built-in text is used'))).toBe(true);
  });

  it('request values are escaped in the HTML part; a reason that would break the subject queues no email but the rejection stands', async () => {
    const w = world();
    await pending(w, { contactName: '<script>alert(1)</script>' });
    expect(w.queued()[0]?.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(w.queued()[0]?.html).not.toContain('<script>');

    const other = world();
    await save(other, 'account-request-rejected', 'About {{reason}}', 'x');
    await pending(other);
    const sent = other.queued().length;
    const answer = await rejectAccountRequest(
      other.lead,
      { requestId: 'cust-1', reason: 'Bad\r\nBcc: victim@x.test' },
      other.deps,
    );
    expect(answer).toMatchObject({ emailSent: false, request: { status: 'rejected' } });
    expect(other.queued().length).toBe(sent);
  });
});
