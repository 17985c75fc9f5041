import './helpers/stack-env';
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { handlerCaller } from '../support/handler-caller';
import { labUser, practiceUser } from '../support/stack-users';
import * as decideCreditApproval from '../../lambdas/handlers/credit/decide-credit-approval';
import * as getCreditSettings from '../../lambdas/handlers/credit/get-credit-settings';
import * as getCreditSummary from '../../lambdas/handlers/credit/get-credit-summary';
import * as grantGoodwillCredit from '../../lambdas/handlers/credit/grant-goodwill-credit';
import * as listCreditApprovals from '../../lambdas/handlers/credit/list-credit-approvals';
import * as updateCreditSettings from '../../lambdas/handlers/credit/update-credit-settings';

/**
 * Credit above the lab's threshold against the emulators
 * (docs/decisions/0092-large-credit-needs-a-second-super-admin.md): the grant waits, the one who granted it cannot
 * approve it, a second super admin can, once.
 */
const call = handlerCaller({
  grantGoodwillCredit: grantGoodwillCredit.handler,
  listCreditApprovals: listCreditApprovals.handler,
  decideCreditApproval: decideCreditApproval.handler,
  getCreditSummary: getCreditSummary.handler,
  getCreditSettings: getCreditSettings.handler,
  updateCreditSettings: updateCreditSettings.handler,
});

const account = () => `IT-${randomUUID().slice(0, 8)}`.toUpperCase();

let first: string;
let second: string;
let billing: string;
beforeAll(async () => {
  first = await labUser(['admin', 'superadmin']);
  second = await labUser(['admin', 'superadmin']);
  billing = await labUser(['admin', 'billing']);
});

describe('large credit needs a second super admin', () => {
  it('above the threshold a grant waits; its granter is refused (403); a second super admin approves it once', async () => {
    const { approvalThresholdCents } = (await call('getCreditSettings', billing, {})).body.result;
    const accountNumber = account();
    const { token } = await practiceUser(accountNumber);
    const input = { entryId: randomUUID(), accountNumber, amountCents: approvalThresholdCents + 1, note: 'Big remake' };

    const asked = await call('grantGoodwillCredit', first, input);
    expect(asked.status).toBe(200);
    expect(asked.body.result).toMatchObject({ entry: null, approval: { status: 'pending', version: 0 } });
    expect((await call('getCreditSummary', token, { accountNumber })).body.result.availableCents).toBe(0);
    const queue = (await call('listCreditApprovals', second, { limit: 100 })).body.result.items as {
      entryId: string;
    }[];
    expect(queue.map((a) => a.entryId)).toContain(input.entryId);
    expect((await call('listCreditApprovals', billing, {})).status).toBe(403);

    const decision = { entryId: input.entryId, version: 0, decision: 'approve' };
    expect((await call('decideCreditApproval', first, decision)).status).toBe(403);
    expect((await call('decideCreditApproval', billing, decision)).status).toBe(403);
    const approvals = await Promise.all([1, 2].map(() => call('decideCreditApproval', second, decision)));
    expect(approvals.map((a) => a.status).sort()).toEqual([200, 200]);
    expect((await call('getCreditSummary', token, { accountNumber })).body.result.availableCents).toBe(
      approvalThresholdCents + 1,
    );
  });

  it('only a super admin sets the threshold, at the version read', async () => {
    const settings = (await call('getCreditSettings', first, {})).body.result;
    expect((await call('updateCreditSettings', billing, settings)).status).toBe(403);
    const saved = await call('updateCreditSettings', first, settings);
    expect(saved.status).toBe(200);
    expect(saved.body.result).toEqual({ ...settings, version: settings.version + 1 });
    expect((await call('updateCreditSettings', first, settings)).status).toBe(409);
  });
});
