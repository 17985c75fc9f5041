import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { caller, postRoute } from '../support/api-call';
import { accountRequestForm } from '../support/account-request-fakes';
import { createTestUser, signIn, type TestUser } from '../support/cognito-test-users';
import { customerRow, getRow, putRow, queryIndex, userRow } from '../support/dynamo-rows';
import { InMemoryEmailTemplates } from '../support/email-fakes';
import { memoryLogger } from '../support/in-memory-ports';
import { listEmails, waitForEmail } from '../support/mailbox';
import { inertText } from '../../lambdas/email/safe-email';

/**
 * Account requests (spec 2 /auth/request, spec 7 POST customer) against DynamoDB Local and the
 * SES emulator, through the local gateway; the retry case runs the real use case with one step failing.
 */
const urls = inject('urls');
const env = inject('env');
let admin: ReturnType<typeof caller>;
let approve: typeof import('../../lambdas/use-cases/account-requests/approve-account-request').approveAccountRequest;
let adapters: {
  requests: import('../../lambdas/ports/account-requests-repository').AccountRequestsRepository;
  customers: import('../../lambdas/ports/customers-repository').CustomersRepository;
  users: import('../../lambdas/ports/users-repository').UsersRepository;
  links: import('../../lambdas/ports/account-links').AccountLinks;
};

beforeAll(async () => {
  Object.assign(process.env, env);
  admin = caller(urls.api, await signIn(await createTestUser(['admin', 'superadmin'])));
  approve = (await import('../../lambdas/use-cases/account-requests/approve-account-request')).approveAccountRequest;
  adapters = {
    requests: (
      await import('../../lambdas/adapters/dynamo-account-requests-repository')
    ).dynamoAccountRequestsRepository(),
    customers: (await import('../../lambdas/adapters/dynamo-customers-repository')).dynamoCustomersRepository(),
    users: (await import('../../lambdas/adapters/dynamo-users-repository')).dynamoUsersRepository(),
    links: (await import('../../lambdas/adapters/dynamo-account-links')).dynamoAccountLinks(),
  };
});

const form = (extra: Record<string, unknown> = {}) => accountRequestForm('Sunrise Vision <Clinic>', extra);

/** A verified customer with a users record and no account number, as after sign-up. */
async function newCustomer(): Promise<{ user: TestUser; as: ReturnType<typeof caller> }> {
  const user = await createTestUser(['customer']);
  await putRow('users', userRow(user));
  return { user, as: caller(urls.api, await signIn(user)) };
}
const labMails = async (practiceName: string) =>
  (await listEmails(urls.ses)).filter((m) => m.subject === `New account request: ${practiceName}`);

describe('submitAccountRequest (spec 2, 7)', () => {
  it('submitting an account request twice creates one (the user id is the idempotency key); the lab is emailed once', async () => {
    const { user, as } = await newCustomer();
    const practiceName = `Twice Optics ${randomUUID().slice(0, 6)}`;
    const [a, b] = await Promise.all([
      as('submitAccountRequest', form({ practiceName })),
      as('submitAccountRequest', form({ practiceName })),
    ]);
    const third = await as('submitAccountRequest', form({ practiceName, contactName: 'Someone Else' }));
    for (const r of [a, b, third]) expect(r.status).toBe(200);
    expect([a, b, third].filter((r) => r.body.result.created)).toHaveLength(1);
    expect(third.body.result.request).toMatchObject({
      requestId: user.userId,
      contactName: 'Dr. Ama Mensah',
      status: 'pending',
    });
    const pending = await queryIndex('accountRequests', 'byStatus', 'status', 'pending');
    expect(pending.filter((r) => r['userId'] === user.userId)).toHaveLength(1);

    const mail = await waitForEmail(urls.ses, env['LAB_NOTIFICATIONS_EMAIL'] ?? env['EMAIL_FROM']!, (m) =>
      m.subject.includes(practiceName),
    );
    expect(mail.body.html).toContain('Dr. Ama Mensah');
    expect(await labMails(practiceName)).toHaveLength(1);
  });

  it("user-supplied values are HTML-escaped in the lab's email", async () => {
    const { as } = await newCustomer();
    const practiceName = `Esc ${randomUUID().slice(0, 6)} <b>bold</b>`;
    await as('submitAccountRequest', form({ practiceName, contactName: '<script>alert(1)</script>' }));
    // The outbox consumer sends it a moment after the request is stored.
    const mail = await waitForEmail(
      urls.ses,
      env['LAB_NOTIFICATIONS_EMAIL'] ?? env['EMAIL_FROM']!,
      (m) => m.subject === `New account request: ${practiceName}`,
    );
    expect(mail.body.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail.body.html).not.toContain('<script>');
  });

  it('refuses CR/LF in one-line fields (no header injection), an unknown buying group and a bad email, with field messages', async () => {
    const { user, as } = await newCustomer();
    const res = await as(
      'submitAccountRequest',
      form({ practiceName: 'Evil\r\nBcc: victim@x.test', email: 'not-an-email', buyingGroupId: 'vision-source' }),
    );
    expect(res.status).toBe(400);
    expect(res.body.error.details.fieldErrors).toMatchObject({
      practiceName: ['Practice name must be one line of text'],
      email: ['Enter a valid email address'],
    });
    const group = await as('submitAccountRequest', form({ buyingGroupId: 'made-up' }));
    expect(group.body.error.details.fieldErrors).toEqual({ buyingGroupId: ['Choose a buying group from the list'] });
    expect(await getRow('accountRequests', { requestId: user.userId })).toBeUndefined();
  });

  it('a customer who already has an account number cannot request one (409); admins cannot call it (403)', async () => {
    const user = await createTestUser(['customer']);
    await putRow('users', userRow(user, { accountNumber: 'BV-1001' }));
    const linked = await postRoute(urls.api, 'submitAccountRequest', form(), await signIn(user));
    expect(linked.status).toBe(409);
    expect((await admin('submitAccountRequest', form())).status).toBe(403);
  });
});

describe('review: listAccountRequests, approveAccountRequest, rejectAccountRequest', () => {
  it('approval links the user and getCustomerInfo then succeeds', async () => {
    const { user, as } = await newCustomer();
    expect((await as('getCustomerInfo', {})).status).toBe(404); // ACCOUNTNUMBERNOTVERIFIED in the app
    await as('submitAccountRequest', form({ practiceName: 'Approved Optics' }));
    expect((await as('getMyAccountRequest')).body.result.request.status).toBe('pending');

    const listed = await admin('listAccountRequests', { status: 'pending', limit: 100 });
    const createdAts = listed.body.result.items.map((r: { createdAt: string }) => r.createdAt);
    expect([...createdAts].sort()).toEqual(createdAts); // oldest first

    const account = `AR-${randomUUID().slice(0, 6).toUpperCase()}`;
    const approved = await admin('approveAccountRequest', { requestId: user.userId, accountNumber: account });
    expect(approved.status).toBe(200);
    expect(approved.body.result).toMatchObject({
      request: { status: 'approved', accountNumber: account },
      practiceCreated: true,
      emailSent: true,
    });
    const info = await as('getCustomerInfo', {});
    expect(info.status).toBe(200);
    expect(info.body.result).toMatchObject({
      accountNumber: account,
      company: 'Approved Optics',
      additionalAccounts: [],
    });
    expect((await admin('getCustomer', { accountNumber: account })).body.result.linkedUsers[0].userId).toBe(
      user.userId,
    );
    const mail = await waitForEmail(urls.ses, user.email, (m) => m.subject.includes('account number is ready'));
    expect(mail.body.text).toContain(account);

    const again = await admin('approveAccountRequest', { requestId: user.userId });
    expect(again.body.result).toMatchObject({
      practiceCreated: false,
      emailSent: false,
      request: { status: 'approved' },
    });
    expect((await as('getMyAccountRequest')).body.result.request).toMatchObject({
      status: 'approved',
      accountNumber: account,
    });
  });

  it('an approval that failed half-way is finished by retrying it, without doing anything twice', async () => {
    const { user, as } = await newCustomer();
    const account = `RT-${randomUUID().slice(0, 6).toUpperCase()}`;
    await as('submitAccountRequest', form({ practiceName: 'Retry Optics', existingAccountNumber: account }));
    const deps = {
      ...adapters,
      mailer: { send: async () => {} },
      templates: new InMemoryEmailTemplates(),
      portalUrl: null,
      now: () => new Date(),
      log: memoryLogger().log,
    };
    const superCaller = {
      userId: 'x',
      email: 'lead@lab.test',
      emailVerified: true,
      groups: [],
      authTime: 0,
      issuedAt: 0,
    };
    // The link step fails for real: the users table the transaction names does not exist.
    const links = {
      apply: async (change: Parameters<typeof adapters.links.apply>[0]) => {
        const table = process.env['TABLE_USERS'];
        process.env['TABLE_USERS'] = `${table}-missing`;
        try {
          return await adapters.links.apply(change);
        } finally {
          process.env['TABLE_USERS'] = table;
        }
      },
    };
    await expect(approve(superCaller, { requestId: user.userId }, { ...deps, links })).rejects.toThrow();
    expect(await getRow('customers', { accountNumber: account })).toMatchObject({ company: 'Retry Optics' });
    expect((await getRow('accountRequests', { requestId: user.userId }))?.['status']).toBe('pending');

    // The practice the first attempt created exists now, and the requester is not linked to it yet: finishing
    // the link needs the explicit confirmation.
    const confirm = { accountNumber: account, confirm: true as const };
    expect(
      (await approve(superCaller, { requestId: user.userId }, deps).catch((e: unknown) => e)) as object,
    ).toMatchObject({ status: 'aborted' });
    const retried = await approve(superCaller, { requestId: user.userId, linkToExisting: confirm }, deps);
    expect(retried).toMatchObject({ practiceCreated: false, request: { status: 'approved', accountNumber: account } });
    expect(await getRow('users', { userId: user.userId })).toMatchObject({
      accountNumber: account,
      accountNumbers: [],
    });
    expect((await as('getCustomerInfo', {})).body.result.accountNumber).toBe(account);
  });

  it('rejection stores and emails the reason (escaped); the customer sees it and may send a corrected request', async () => {
    const { user, as } = await newCustomer();
    await as('submitAccountRequest', form({ practiceName: 'Rejected Optics' }));
    const reason = 'License number <OR-12345> not found.\nPlease check it.';
    const rejected = await admin('rejectAccountRequest', { requestId: user.userId, reason });
    expect(rejected.body.result).toMatchObject({
      request: { status: 'rejected', rejectionReason: reason },
      emailSent: true,
    });
    const mine = await as('getMyAccountRequest');
    expect(mine.body.result.request).toMatchObject({ status: 'rejected', rejectionReason: reason });
    const mail = await waitForEmail(urls.ses, user.email, (m) => m.subject.includes('account request'));
    expect(mail.body.html).toContain('&lt;OR-12345&gt;');
    expect(mail.body.html).toContain('<br />Please check it.');

    expect((await admin('approveAccountRequest', { requestId: user.userId, accountNumber: 'XX-1' })).status).toBe(409);
    const resent = await as(
      'submitAccountRequest',
      form({ practiceName: 'Rejected Optics', stateLicenseNumber: 'OR-54321' }),
    );
    expect(resent.body.result).toMatchObject({
      created: true,
      request: { status: 'pending', stateLicenseNumber: 'OR-54321' },
    });
  });

  it('approval needs an account number when the customer gave none; unknown requests are not-found', async () => {
    const { user, as } = await newCustomer();
    await as('submitAccountRequest', form());
    const res = await admin('approveAccountRequest', { requestId: user.userId });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe('Assign an account number: the customer did not give one.');
    expect((await admin('approveAccountRequest', { requestId: 'no-such-request' })).status).toBe(404);
    expect((await admin('rejectAccountRequest', { requestId: 'no-such-request', reason: 'x' })).status).toBe(404);
  });
});

describe('a request naming an existing account number', () => {
  it('is not approved in one click; with the confirmation it is, and the practice users are emailed', async () => {
    const account = `EX-${randomUUID().slice(0, 6).toUpperCase()}`;
    await putRow('customers', customerRow(account, { company: 'Established Optics' }));
    const owner = await createTestUser(['customer']);
    await putRow('users', userRow(owner));
    const linkOwner = await admin('linkUserToAccount', { userId: owner.userId, accountNumber: account });
    expect(linkOwner.status).toBe(200);

    const { user, as } = await newCustomer();
    await as('submitAccountRequest', form({ practiceName: 'Not Really Established', existingAccountNumber: account }));

    const oneClick = await admin('approveAccountRequest', { requestId: user.userId });
    expect(oneClick.status).toBe(409);
    expect(oneClick.body.error.details.fieldErrors.linkToExisting).toHaveLength(1);
    expect(oneClick.body.error.message).toContain('Established Optics');
    expect((await as('getCustomerInfo', {})).status).toBe(404);

    const confirmed = await admin('approveAccountRequest', {
      requestId: user.userId,
      linkToExisting: { accountNumber: account, confirm: true },
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.result).toMatchObject({ linkedToExisting: true, practiceCreated: false });
    expect((await as('getCustomerInfo', {})).body.result.accountNumber).toBe(account);
    const notice = await waitForEmail(urls.ses, owner.email, (m) => m.subject.includes('A new user was linked'));
    // Typed addresses are shown inert (render-template.ts), so no mail client links them.
    expect(notice.body.text).toContain(inertText(user.email));
  });
});
