import { CHANGED_MESSAGES } from '../../core/messages';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { WarrantyClaim } from '../../core/schemas/credit';
import WarrantyClaimsRoute from '../../web/src/app/routes/admin/warranty-claims';
import { callRoute } from '../../web/src/lib/api-client';
import { CallableError } from '../../web/src/lib/callable-error';
import { answer, callsTo, type Handler, renderAt } from './support/fake-api';
import { fakeSession, SessionFixture } from './support/fake-session';

vi.mock('../../web/src/lib/api-client', () => ({ callRoute: vi.fn() }));

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const claim = (extra: Partial<WarrantyClaim>): WarrantyClaim => ({
  claimId: '00000000-0000-4000-8000-00000000c001',
  accountNumber: 'BV-1001',
  kind: 'cancellation',
  status: 'submitted',
  orderId: 'a0000000-0000-4000-8000-00000000000a',
  orderNumber: 'LL-000042',
  patient: 'Avery Stone',
  eye: 'OD',
  lensName: 'Horizon Scleral',
  creditCents: 31600,
  returnRequired: true,
  note: 'Patient stopped wearing it',
  submittedBy: { userId: 'u-1', name: 'Dana Okafor' },
  createdAt: new Date(Date.now() - 3 * 24 * 3600_000).toISOString(),
  updatedAt: new Date(Date.now() - 3 * 24 * 3600_000).toISOString(),
  version: 2,
  ...extra,
});

const OLDEST = claim({});
const NEWER = claim({
  claimId: '00000000-0000-4000-8000-00000000c002',
  orderNumber: 'LL-000050',
  kind: 'defect',
  eye: 'OS',
  returnRequired: false,
  creditCents: 39500,
  note: 'Edge chipped',
  createdAt: new Date(Date.now() - 2 * 3600_000).toISOString(),
});

const byStatus: Handler = (input) => {
  const status = input['status'];
  if (status === 'submitted') return { items: [OLDEST, NEWER], nextCursor: null };
  if (status === 'awaiting-return')
    return {
      items: [
        claim({
          claimId: '00000000-0000-4000-8000-00000000c003',
          status: 'awaiting-return',
          decidedAt: new Date().toISOString(),
        }),
      ],
      nextCursor: null,
    };
  return { items: [], nextCursor: null };
};

const labSession = fakeSession({
  user: { userId: 'a-1', email: 'lab@lab.test', groups: ['admin', 'billing'], emailVerified: true },
});

const renderPage = (path = '/admin/warranty-claims', session = labSession) =>
  renderAt(
    path,
    '/admin/warranty-claims',
    <SessionFixture value={session}>
      <WarrantyClaimsRoute />
    </SessionFixture>,
  );

const rowOf = async (orderNumber: string) => {
  const table = await screen.findByRole('table', { name: /claims, oldest first/ });
  return within(table).getByRole('link', { name: orderNumber }).closest('tr')!;
};

beforeEach(() => {
  vi.mocked(callRoute).mockReset();
});

describe('Warranty claims queue', () => {
  it('lists the submitted claims in the server order (oldest first) with their age and credit', async () => {
    answer({ listWarrantyClaims: byStatus });
    renderPage();
    const table = await screen.findByRole('table', { name: 'Submitted claims, oldest first' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(within(rows[0]!).getByText('LL-000042')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('3 days ago')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('$316.00')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Lens must be returned')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('LL-000050')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('2 hours ago')).toBeInTheDocument();
    expect(callsTo('listWarrantyClaims')[0]).toEqual({ status: 'submitted', limit: 25 });
  });

  it('a claim on a warranty remake shows its chain and what the lens was billed (docs/decisions/0058-warranty-chains.md)', async () => {
    const onRemake = claim({
      orderNumber: 'LL-000060',
      creditCents: 0,
      billedCents: 0,
      remakeOfOrderNumber: 'LL-000055',
      originalOrderNumber: 'LL-000042',
    });
    answer({ listWarrantyClaims: () => ({ items: [onRemake], nextCursor: null }) });
    renderPage();
    const row = await rowOf('LL-000060');
    expect(within(row).getByText('Warranty remake of LL-000055 (original LL-000042)')).toBeInTheDocument();
    expect(within(row).getByText('Billed $0.00')).toBeInTheDocument();
  });

  it('the status tabs ask for that status; an awaiting claim offers "Mark return received"', async () => {
    answer({
      listWarrantyClaims: byStatus,
      markClaimReturnReceived: (input) =>
        claim({ ...input, claimId: '00000000-0000-4000-8000-00000000c003', status: 'approved' }),
    });
    const user = renderPage();
    await screen.findByRole('table', { name: 'Submitted claims, oldest first' });
    await user.click(screen.getByRole('tab', { name: 'Awaiting return' }));
    const row = await rowOf('LL-000042');
    expect(callsTo('listWarrantyClaims').at(-1)).toEqual({ status: 'awaiting-return', limit: 25 });
    expect(within(row).queryByRole('button', { name: /^Approve/ })).not.toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: /^Mark return received/ }));
    const dialog = screen.getByRole('dialog', { name: 'Lens of LL-000042 OD received?' });
    expect(within(dialog).getByText(/pending \$316\.00 becomes available credit for BV-1001/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Mark return received' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo('markClaimReturnReceived')).toEqual([
      { claimId: '00000000-0000-4000-8000-00000000c003', version: 2 },
    ]);
  });

  it('approve sends the decision with the version read', async () => {
    answer({
      listWarrantyClaims: byStatus,
      decideWarrantyClaim: () => claim({ status: 'awaiting-return', version: 3 }),
    });
    const user = renderPage();
    const row = await rowOf('LL-000042');
    await user.click(within(row).getByRole('button', { name: /^Approve/ }));
    const dialog = screen.getByRole('dialog', { name: 'Approve the claim on LL-000042 OD?' });
    expect(within(dialog).getByText(/once the lens is back at the lab/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo('decideWarrantyClaim')).toEqual([
      { claimId: '00000000-0000-4000-8000-00000000c001', version: 2, decision: 'approve' },
    ]);
  });

  it('deny needs a reason: without one nothing is sent; with one the reason goes with the decision', async () => {
    answer({ listWarrantyClaims: byStatus, decideWarrantyClaim: () => claim({ status: 'denied', version: 3 }) });
    const user = renderPage();
    const row = await rowOf('LL-000050');
    await user.click(within(row).getByRole('button', { name: /^Deny/ }));
    const dialog = screen.getByRole('dialog', { name: 'Deny the claim on LL-000050 OS' });
    await user.click(within(dialog).getByRole('button', { name: 'Deny claim' }));
    const reason = within(dialog).getByLabelText('Reason');
    expect(await within(dialog).findByText('Reason is required')).toBeInTheDocument();
    expect(reason).toHaveAttribute('aria-invalid', 'true');
    expect(callsTo('decideWarrantyClaim')).toHaveLength(0);

    await user.type(reason, 'Lens was worn past its replacement date');
    await user.click(within(dialog).getByRole('button', { name: 'Deny claim' }));
    await waitFor(() => expect(callsTo('decideWarrantyClaim')).toHaveLength(1));
    expect(callsTo('decideWarrantyClaim')[0]).toEqual({
      claimId: '00000000-0000-4000-8000-00000000c002',
      version: 2,
      decision: 'deny',
      reason: 'Lens was worn past its replacement date',
    });
  });

  it('a 409 says the claim changed; Reload reads the queue again and closes the dialog', async () => {
    answer({
      listWarrantyClaims: byStatus,
      decideWarrantyClaim: () => {
        throw new CallableError({
          route: 'decideWarrantyClaim',
          httpStatus: 409,
          status: 'aborted',
          message: 'This claim changed.',
        });
      },
    });
    const user = renderPage();
    const row = await rowOf('LL-000042');
    await user.click(within(row).getByRole('button', { name: /^Approve/ }));
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await within(dialog).findByText(CHANGED_MESSAGES.claim)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Approve' })).toBeDisabled();
    const listed = callsTo('listWarrantyClaims').length;
    await user.click(within(dialog).getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo('listWarrantyClaims').length).toBeGreaterThan(listed);
  });
});

describe('Goodwill credit', () => {
  it('needs a note; the amount is sent in cents with a client-made entry id kept across a retry', async () => {
    let attempts = 0;
    answer({
      listWarrantyClaims: byStatus,
      grantGoodwillCredit: (input) => {
        attempts += 1;
        if (attempts === 1)
          throw new CallableError({
            route: 'grantGoodwillCredit',
            httpStatus: 0,
            status: 'deadline-exceeded',
            message: 'The server took too long to answer. Please try again.',
          });
        return {
          entry: {
            ...input,
            at: new Date().toISOString(),
            kind: 'grant',
            reason: 'goodwill',
            balanceAfterCents: 2550,
            by: { userId: 'a-1', name: 'Lab Admin' },
          },
          approval: null,
        };
      },
    });
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Grant goodwill credit' }));
    const dialog = screen.getByRole('dialog', { name: 'Grant goodwill credit' });
    await user.type(within(dialog).getByLabelText('Account number'), 'bv-1001');
    await user.type(within(dialog).getByLabelText('Amount (USD)'), '25.5');
    await user.click(within(dialog).getByRole('button', { name: 'Grant credit' }));
    expect(await within(dialog).findByText('Note is required')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Note')).toHaveAttribute('aria-invalid', 'true');
    expect(callsTo('grantGoodwillCredit')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Note'), 'Sorry for the late shipment');
    await user.click(within(dialog).getByRole('button', { name: 'Grant credit' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('took too long');
    await user.click(within(dialog).getByRole('button', { name: 'Grant credit' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    const sent = callsTo('grantGoodwillCredit');
    expect(sent).toHaveLength(2);
    expect(sent[0]).toEqual({
      entryId: expect.stringMatching(UUID),
      accountNumber: 'BV-1001',
      amountCents: 2550,
      note: 'Sorry for the late shipment',
    });
    expect(sent[1]!['entryId']).toBe(sent[0]!['entryId']);
  });

  it('an amount that is not dollars is refused beside the field', async () => {
    answer({ listWarrantyClaims: byStatus });
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Grant goodwill credit' }));
    const dialog = screen.getByRole('dialog', { name: 'Grant goodwill credit' });
    await user.type(within(dialog).getByLabelText('Account number'), 'BV-1001');
    await user.type(within(dialog).getByLabelText('Amount (USD)'), '12.345');
    await user.type(within(dialog).getByLabelText('Note'), 'Goodwill');
    await user.click(within(dialog).getByRole('button', { name: 'Grant credit' }));
    expect(await within(dialog).findByText('Enter an amount in dollars, e.g. 25.00')).toBeInTheDocument();
    expect(callsTo('grantGoodwillCredit')).toHaveLength(0);
  });

  it('a super admin sees the credit waiting for a second super admin and approves another’s grant (docs/decisions/0092-large-credit-needs-a-second-super-admin.md)', async () => {
    const waiting = {
      entryId: '00000000-0000-4000-8000-000000000009',
      accountNumber: 'BV-1001',
      reason: 'goodwill',
      amountCents: 500_000,
      note: 'Remake delays',
      status: 'pending',
      requestedBy: { userId: 'u-other', name: 'Other Boss' },
      requestedAt: '2026-03-01T10:00:00.000Z',
      version: 0,
    };
    answer({
      listWarrantyClaims: byStatus,
      listCreditApprovals: () => ({ items: [waiting], nextCursor: null }),
      getCreditSettings: () => ({ approvalThresholdCents: 100_000, version: 1 }),
      decideCreditApproval: (input) => ({ ...waiting, status: 'approved', version: 1, ...input }),
    });
    const boss = fakeSession({
      user: { userId: 'u-boss', email: 'boss@lab.test', groups: ['admin', 'superadmin'], emailVerified: true },
    });
    const user = renderPage('/admin/warranty-claims', boss);
    await waitFor(() => expect(screen.getByLabelText('Approval threshold (USD)')).toHaveValue('1000.00'));
    await user.click(await screen.findByRole('button', { name: 'Approve $5,000.00 for BV-1001' }));
    await waitFor(() =>
      expect(callsTo('decideCreditApproval')).toEqual([{ entryId: waiting.entryId, version: 0, decision: 'approve' }]),
    );
  });

  it('the super admin saves the threshold in dollars on the portal form: a bad amount is marked, a save sends cents with the version read, a stale version offers Reload', async () => {
    let version = 1;
    let refuse = false;
    answer({
      listWarrantyClaims: byStatus,
      listCreditApprovals: () => ({ items: [], nextCursor: null }),
      getCreditSettings: () => ({ approvalThresholdCents: 100_000, version }),
      updateCreditSettings: (input) => {
        if (refuse)
          throw new CallableError({
            route: 'updateCreditSettings',
            httpStatus: 409,
            status: 'aborted',
            message: 'Another super admin changed the settings meanwhile.',
          });
        version += 1;
        return { ...(input as { approvalThresholdCents: number }), version };
      },
    });
    const boss = fakeSession({
      user: { userId: 'u-boss', email: 'boss@lab.test', groups: ['admin', 'superadmin'], emailVerified: true },
    });
    const user = renderPage('/admin/warranty-claims', boss);
    const field = await screen.findByLabelText('Approval threshold (USD)');
    await waitFor(() => expect(field).toHaveValue('1000.00'));
    await user.clear(field);
    await user.type(field, 'ten');
    await user.click(screen.getByRole('button', { name: 'Save threshold' }));
    expect(await screen.findByText(/Enter an amount in dollars/)).toBeInTheDocument();
    expect(callsTo('updateCreditSettings')).toHaveLength(0);

    await user.clear(field);
    await user.type(field, '2500');
    await user.click(screen.getByRole('button', { name: 'Save threshold' }));
    await waitFor(() =>
      expect(callsTo('updateCreditSettings')).toEqual([{ approvalThresholdCents: 250_000, version: 1 }]),
    );

    refuse = true;
    const again = await screen.findByLabelText('Approval threshold (USD)');
    await user.clear(again);
    await user.type(again, '3000');
    await user.click(screen.getByRole('button', { name: 'Save threshold' }));
    expect(await screen.findByText('Another super admin changed the threshold.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload latest' })).toBeInTheDocument();
  });

  it('an admin who is not a super admin does not see the approvals', async () => {
    answer({ listWarrantyClaims: byStatus });
    renderPage();
    await screen.findByRole('table', { name: /claims, oldest first/ });
    expect(screen.queryByText('Credit waiting for a second super admin')).toBeNull();
    expect(callsTo('listCreditApprovals')).toHaveLength(0);
  });
});
