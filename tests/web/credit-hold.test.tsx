import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CreditHoldNotice } from '../../web/src/features/credit-hold/components/credit-hold-notice';
import { HeldAccounts } from '../../web/src/features/credit-hold';
import { callRoute } from '../../web/src/lib/api-client';
import { seriousA11yViolations } from './support/axe';
import { answer, callsTo, renderAt } from './support/fake-api';

vi.mock('../../web/src/lib/api-client', () => ({ callRoute: vi.fn() }));

const hold = {
  since: '2026-11-30T15:00:00.000Z',
  reason: 'Invoices INV-2041 and INV-2044 are 62 days past due ($1,945.50).',
  by: 'Priya Shah',
  automatic: false,
};

beforeEach(() => {
  vi.mocked(callRoute).mockReset();
});

describe('credit hold as the practice and the lab see it (docs/decisions/0111-credit-hold.md)', () => {
  it('a held account shows the practice why, that orders wait, and links to Pay Online for that account', async () => {
    answer({ getAccountStanding: () => ({ accountNumber: 'BV-1002', creditHold: hold, version: 3 }) });
    renderAt('/customer/home', '/customer/home', <CreditHoldNotice accountNumber="BV-1002" />);
    expect(await screen.findByText('Account BV-1002 is on credit hold')).toBeVisible();
    expect(screen.getByText(/62 days past due/)).toBeVisible();
    expect(screen.getByText(/Orders you send wait/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Pay Online' })).toHaveAttribute(
      'href',
      '/customer/payment?account=BV-1002',
    );
    expect(callsTo('getAccountStanding')).toEqual([{ accountNumber: 'BV-1002' }]);
    expect(await seriousA11yViolations(document.body)).toEqual([]);
  });

  it('an account in good standing shows nothing', async () => {
    answer({ getAccountStanding: () => ({ accountNumber: 'BV-1001', creditHold: null, version: 0 }) });
    renderAt('/customer/home', '/customer/home', <CreditHoldNotice accountNumber="BV-1001" />);
    await vi.waitFor(() => expect(callsTo('getAccountStanding')).toHaveLength(1));
    expect(screen.queryByText(/credit hold/)).toBeNull();
  });

  it("the lab's queue lists each held account with who held it and a link to its waiting orders", async () => {
    answer({
      listCreditHolds: () => ({
        items: [
          { accountNumber: 'BV-1002', creditHold: hold, version: 3 },
          { accountNumber: 'HV-2002', creditHold: { ...hold, by: 'auto', automatic: true }, version: 1 },
        ],
      }),
    });
    renderAt('/admin/order-approval', '/admin/order-approval', <HeldAccounts />);
    const link = await screen.findByRole('link', { name: 'Orders of BV-1002' });
    expect(link).toHaveAttribute('href', '/admin/order-approval?account=BV-1002');
    expect(screen.getByText(/by Priya Shah/)).toBeVisible();
    expect(screen.getByText(/\(automatic, past due\)/)).toBeVisible();
    expect(await seriousA11yViolations(document.body)).toEqual([]);
  });
});
