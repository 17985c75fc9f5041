import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { existingPracticeMessage, type AccountRequest } from '../../core/schemas/account-requests';
import { ApproveRequestDialog } from '../../web/src/features/account-requests/components/approve-request-dialog';
import { callRoute } from '../../web/src/lib/api-client';
import { CallableError } from '../../web/src/lib/callable-error';
import { notify } from '../../web/src/lib/notify';
import { TAKEOVER_FORM } from '../support/takeover-request';
import { answer, callsTo, withQueries } from './support/fake-api';

vi.mock('../../web/src/lib/api-client', () => ({ callRoute: vi.fn() }));

/**
 * A request that names an existing account number is no longer approved in one click. The
 * dialog shows the practice and its current users and asks for a separate confirmation.
 */
const request: AccountRequest = {
  requestId: 'mallory',
  userId: 'mallory',
  userEmail: 'mallory@evil.test',
  ...TAKEOVER_FORM,
  existingAccountNumber: 'BV-1001',
  status: 'pending',
  createdAt: '2025-03-01T00:00:00.000Z',
  updatedAt: '2025-03-01T00:00:00.000Z',
};

const practice = {
  customer: {
    accountNumber: 'BV-1001',
    company: 'Brightview Eye Care',
    phone: '(503) 555-0142',
    shippingAddress: { address: '1 Main St', city: 'Portland', state: 'OR', zip: '97201' },
    pricingAllowed: true,
    status: 'active',
    additionalAccounts: [],
    version: 3,
  },
  linkedUsers: [
    { userId: 'ann', email: 'ann@brightview.test', firstName: 'Ann', lastName: 'Lee', isMainAccount: true },
    { userId: 'bob', email: 'bob@brightview.test', firstName: 'Bob', lastName: 'Ray', isMainAccount: false },
  ],
  recentOrders: [],
};

const needsConfirmation = () => {
  const message = existingPracticeMessage('BV-1001', 'Brightview Eye Care');
  throw new CallableError({
    route: 'approveAccountRequest',
    httpStatus: 409,
    status: 'aborted',
    message,
    fieldErrors: { linkToExisting: [message] },
  });
};

const approved = (input: Record<string, unknown>) => ({
  request: { ...request, status: 'approved', accountNumber: 'BV-1001' },
  practiceCreated: false,
  linkedToExisting: Boolean(input['linkToExisting']),
  emailSent: true,
});

function renderDialog() {
  const onApproved = vi.fn();
  render(withQueries(<ApproveRequestDialog request={request} onApproved={onApproved} onClose={vi.fn()} />));
  return { user: userEvent.setup(), onApproved };
}

beforeEach(() => {
  vi.mocked(callRoute).mockReset();
  vi.spyOn(notify, 'success').mockReturnValue('toast');
});
afterEach(() => vi.restoreAllMocks());

describe('approving onto an existing practice', () => {
  it('the pre-filled one click shows the practice and its users instead of linking', async () => {
    answer({
      approveAccountRequest: (input) => (input['linkToExisting'] ? approved(input) : needsConfirmation()),
      getCustomer: () => practice,
    });
    const { user, onApproved } = renderDialog();
    const dialog = screen.getByRole('dialog', { name: 'Approve account request' });
    expect(within(dialog).getByLabelText(/Account number/)).toHaveValue('BV-1001');
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));

    expect(await within(dialog).findByText('BV-1001 is Brightview Eye Care')).toBeInTheDocument();
    const users = within(dialog).getByRole('region', { name: 'Users of Brightview Eye Care now' });
    expect(
      within(users)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Ann Lee (ann@brightview.test), main account', 'Bob Ray (bob@brightview.test)']);
    expect(callsTo('getCustomer')).toEqual([{ accountNumber: 'BV-1001' }]);
    expect(callsTo('approveAccountRequest')).toEqual([{ requestId: 'mallory', accountNumber: 'BV-1001' }]);
    expect(onApproved).not.toHaveBeenCalled();

    // The separate confirmation: nothing is sent until the box is ticked.
    const link = within(dialog).getByRole('button', { name: 'Link to existing practice' });
    expect(link).toBeDisabled();
    await user.click(within(dialog).getByRole('checkbox', { name: /I checked that mallory@evil.test works at/ }));
    await user.click(link);
    expect(callsTo('approveAccountRequest').at(-1)).toEqual({
      requestId: 'mallory',
      accountNumber: 'BV-1001',
      linkToExisting: { accountNumber: 'BV-1001', confirm: true },
    });
    expect(onApproved).toHaveBeenCalledOnce();
  });

  it('"Use another account number" goes back to the number, and a new one creates the practice', async () => {
    answer({
      approveAccountRequest: (input) =>
        input['accountNumber'] === 'TB-1' ? { ...approved(input), practiceCreated: true } : needsConfirmation(),
      getCustomer: () => practice,
    });
    const { user, onApproved } = renderDialog();
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    await user.click(await screen.findByRole('button', { name: 'Use another account number' }));
    const field = screen.getByLabelText(/Account number/);
    await user.clear(field);
    await user.type(field, 'TB-1');
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    expect(callsTo('approveAccountRequest').at(-1)).toEqual({ requestId: 'mallory', accountNumber: 'TB-1' });
    expect(onApproved).toHaveBeenCalledOnce();
  });
});
