import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CreditSummary, WarrantyLens } from '../../core/schemas/credit';
import CustomerCreditRoute from '../../web/src/app/routes/customer/credit';
import { callRoute } from '../../web/src/lib/api-client';
import { CallableError } from '../../web/src/lib/callable-error';
import { answer, callsTo, withQueries } from './support/fake-api';
import { fakeSession, SessionFixture } from './support/fake-session';

vi.mock('../../web/src/lib/api-client', () => ({ callRoute: vi.fn() }));

const ORDER_A = 'a0000000-0000-4000-8000-00000000000a';
const ORDER_B = 'b0000000-0000-4000-8000-00000000000b';
const ORDER_C = 'c0000000-0000-4000-8000-00000000000c';

const lens = (extra: Partial<WarrantyLens>): WarrantyLens => ({
  orderId: ORDER_A,
  orderNumber: 'LL-000042',
  patient: 'Avery Stone',
  eye: 'OD',
  lensId: 'scleral-horizon',
  lensName: 'Horizon Scleral',
  shippedAt: '2025-03-01T10:00:00.000Z',
  windowEndsAt: '2025-05-30T10:00:00.000Z',
  daysLeft: 60,
  endingSoon: false,
  exchangesUsed: 0,
  exchangesAllowed: 2,
  exchangeFeeCents: 2500,
  cancellationCreditCents: 31600,
  returnRequired: true,
  ...extra,
});

const ENDING = lens({ daysLeft: 9, endingSoon: true, exchangesUsed: 2, exchangesAllowed: 2 });
const FRESH = lens({
  orderId: ORDER_B,
  orderNumber: 'LL-000043',
  patient: 'Blake Hart',
  eye: 'OS',
  exchangesUsed: 1,
  exchangesAllowed: null,
  exchangeFeeCents: 0,
  returnRequired: false,
  cancellationCreditCents: 19750,
});
const CLAIMED = lens({ orderId: ORDER_C, orderNumber: 'LL-000044', patient: 'Casey Moor', openClaimId: 'claim-1' });

const SUMMARY: CreditSummary = {
  accountNumber: 'LL-1001',
  availableCents: 12345,
  pendingCents: 31600,
  lensesInWarranty: [ENDING, FRESH, CLAIMED],
  claims: [
    {
      claimId: 'claim-1',
      accountNumber: 'LL-1001',
      kind: 'cancellation',
      status: 'submitted',
      orderId: ORDER_C,
      orderNumber: 'LL-000044',
      patient: 'Casey Moor',
      eye: 'OD',
      lensName: 'Horizon Scleral',
      creditCents: 31600,
      returnRequired: true,
      note: 'Patient moved away',
      createdAt: '2025-04-01T10:00:00.000Z',
      updatedAt: '2025-04-01T10:00:00.000Z',
      version: 0,
    },
  ],
};

const LEDGER = {
  items: [
    {
      accountNumber: 'LL-1001',
      entryId: 'e-2',
      at: '2025-04-02T10:00:00.000Z',
      kind: 'apply',
      reason: 'invoice',
      amountCents: 5000,
      balanceAfterCents: 12345,
      invoiceNumber: 'INV-7',
    },
    {
      accountNumber: 'LL-1001',
      entryId: 'e-1',
      at: '2025-03-20T10:00:00.000Z',
      kind: 'grant',
      reason: 'cancellation',
      amountCents: 17345,
      balanceAfterCents: 17345,
      orderId: ORDER_A,
      orderNumber: 'LL-000040',
      eye: 'OS',
      note: 'Lens returned',
    },
  ],
  nextCursor: null,
};

/** jsdom's Blob has no text(): read it the old way. */
const blobText = (blob: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });

function Where() {
  const location = useLocation();
  return <p data-testid="location">{location.pathname + location.search}</p>;
}

function renderPage() {
  render(
    withQueries(
      <SessionFixture value={fakeSession()}>
        <MemoryRouter initialEntries={['/customer/credit']}>
          <Routes>
            <Route path="/customer/credit" element={<CustomerCreditRoute />} />
            <Route path="*" element={<Where />} />
          </Routes>
        </MemoryRouter>
      </SessionFixture>,
    ),
  );
  return userEvent.setup();
}

const rowOf = async (orderNumber: string) => {
  const table = await screen.findByRole('table', { name: 'Lenses in warranty' });
  return within(table).getByRole('link', { name: orderNumber }).closest('tr')!;
};

beforeEach(() => {
  vi.mocked(callRoute).mockReset();
});
afterEach(() => vi.unstubAllGlobals());

describe('Lens Credit page', () => {
  it('asks for the account chosen in the sidebar and shows the available and pending balance', async () => {
    answer({ getCreditSummary: () => SUMMARY, listCreditLedger: () => LEDGER });
    renderPage();
    const available = await screen.findByRole('region', { name: 'Available credit' });
    expect(within(available).getByText('$123.45')).toBeInTheDocument();
    const pending = screen.getByRole('region', { name: 'Pending credit' });
    expect(within(pending).getByText('$316.00')).toBeInTheDocument();
    expect(within(pending).getByText(/waiting for returned lenses/i)).toBeInTheDocument();
    expect(callsTo('getCreditSummary')).toEqual([{ accountNumber: 'LL-1001' }]);
    expect(callsTo('listCreditLedger')[0]).toMatchObject({ accountNumber: 'LL-1001', limit: 25 });
  });

  it('a lens in the last 14 days of its window is highlighted and says "Ends soon"; others are not', async () => {
    answer({ getCreditSummary: () => SUMMARY, listCreditLedger: () => LEDGER });
    renderPage();
    const ending = await rowOf('LL-000042');
    expect(within(ending).getByText('Ends soon')).toBeInTheDocument();
    const mark = within(ending).getByText('9 days left');
    expect(mark.tagName).toBe('MARK');
    expect(mark).toHaveAttribute('data-ending-soon', 'true');

    const fresh = await rowOf('LL-000043');
    expect(within(fresh).getByText('60 days left').tagName).not.toBe('MARK');
    expect(within(fresh).queryByText('Ends soon')).not.toBeInTheDocument();
    expect(fresh.querySelector('[data-ending-soon]')).toBeNull();
  });

  it('shows the order link, exchanges used of allowed or unlimited, and the exchange fee', async () => {
    answer({ getCreditSummary: () => SUMMARY, listCreditLedger: () => LEDGER });
    renderPage();
    const ending = await rowOf('LL-000042');
    expect(within(ending).getByRole('link', { name: 'LL-000042' })).toHaveAttribute(
      'href',
      `/customer/orders/${ORDER_A}`,
    );
    expect(within(ending).getByText('2 of 2')).toBeInTheDocument();
    expect(within(ending).getByText('$25.00')).toBeInTheDocument();
    const fresh = await rowOf('LL-000043');
    expect(within(fresh).getByText('Unlimited (1 used)')).toBeInTheDocument();
    expect(within(fresh).getByText('No fee')).toBeInTheDocument();
  });

  it('Exchange is disabled with the reason when no exchanges are left; otherwise it opens the warranty remake', async () => {
    answer({ getCreditSummary: () => SUMMARY, listCreditLedger: () => LEDGER });
    const user = renderPage();
    const ending = await rowOf('LL-000042');
    const blocked = within(ending).getByRole('button', { name: /^Exchange / });
    expect(blocked).toBeDisabled();
    expect(blocked).toHaveAccessibleDescription('No exchanges left: all 2 allowed for this eye are used.');
    expect(within(ending).getByRole('button', { name: /^Cancel for credit: / })).toBeEnabled();

    const fresh = await rowOf('LL-000043');
    await user.click(within(fresh).getByRole('link', { name: /^Exchange / }));
    expect(screen.getByTestId('location')).toHaveTextContent(`/customer/order?from=${ORDER_B}&kind=warranty`);
  });

  it('a lens with an open claim cannot be claimed again, and the claim shows with its status label', async () => {
    answer({ getCreditSummary: () => SUMMARY, listCreditLedger: () => LEDGER });
    renderPage();
    const claimed = await rowOf('LL-000044');
    expect(within(claimed).getByRole('button', { name: /^Cancel for credit: / })).toBeDisabled();
    expect(within(claimed).getByRole('button', { name: /^Report a defect/ })).toBeDisabled();
    expect(within(claimed).getByText('A claim on this lens is waiting for the lab.')).toBeInTheDocument();
    const claims = screen.getByRole('table', { name: 'Warranty claims' });
    expect(within(claims).getByText('Waiting for the lab')).toBeInTheDocument();
  });

  it('an exchanged lens offers no claim and no exchange, saying why, as the API refuses them (docs/decisions/0058-warranty-chains.md)', async () => {
    const exchanged = lens({ orderId: ORDER_C, orderNumber: 'LL-000045', patient: 'Dana Reed', exchanged: true });
    answer({
      getCreditSummary: () => ({ ...SUMMARY, lensesInWarranty: [exchanged], claims: [] }),
      listCreditLedger: () => LEDGER,
    });
    renderPage();
    const row = await rowOf('LL-000045');
    expect(within(row).getByRole('button', { name: /^Exchange / })).toBeDisabled();
    expect(within(row).getByRole('button', { name: /^Cancel for credit: / })).toBeDisabled();
    expect(within(row).getByRole('button', { name: /^Report a defect/ })).toHaveAccessibleDescription(
      'This lens was exchanged under its warranty: claims and further exchanges are for the lens that replaced it.',
    );
  });

  it('cancel for credit shows the credit and the return rule, and a retry sends the same claim id', async () => {
    let attempts = 0;
    answer({
      getCreditSummary: () => SUMMARY,
      listCreditLedger: () => LEDGER,
      submitWarrantyClaim: (input) => {
        attempts += 1;
        if (attempts === 1)
          throw new CallableError({
            route: 'submitWarrantyClaim',
            httpStatus: 0,
            status: 'unavailable',
            message: 'The portal could not be reached. Check your connection and try again.',
          });
        return { ...SUMMARY.claims[0]!, ...input, status: 'submitted', claimId: input['claimId'] };
      },
    });
    const user = renderPage();
    const ending = await rowOf('LL-000042');
    await user.click(within(ending).getByRole('button', { name: /^Cancel for credit: / }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel for credit' });
    expect(within(dialog).getByText('$316.00')).toBeInTheDocument();
    expect(within(dialog).getByText('Yes, the lens must be returned')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Cancel for credit' }));
    expect(await within(dialog).findByText('Say why the lens is canceled')).toBeInTheDocument();
    expect(callsTo('submitWarrantyClaim')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Why is the lens canceled?'), 'Patient stopped wearing it');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel for credit' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The portal could not be reached');

    // Closing and reopening keeps the claim (and what was typed); the retry goes out under the same id.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await user.click(within(ending).getByRole('button', { name: /^Cancel for credit: / }));
    const again = screen.getByRole('dialog', { name: 'Cancel for credit' });
    expect(within(again).getByLabelText('Why is the lens canceled?')).toHaveValue('Patient stopped wearing it');
    await user.click(within(again).getByRole('button', { name: 'Cancel for credit' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    const sent = callsTo('submitWarrantyClaim');
    expect(sent).toHaveLength(2);
    expect(sent[0]).toEqual({
      claimId: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/),
      accountNumber: 'LL-1001',
      orderId: ORDER_A,
      eye: 'OD',
      kind: 'cancellation',
      note: 'Patient stopped wearing it',
    });
    expect(sent[1]!['claimId']).toBe(sent[0]!['claimId']);
    // The summary is read again, so the lens shows its open claim.
    await waitFor(() => expect(callsTo('getCreditSummary').length).toBeGreaterThan(1));
  });

  it("the server's refusal (outside the window) shows in the dialog where the user looks", async () => {
    answer({
      getCreditSummary: () => SUMMARY,
      listCreditLedger: () => LEDGER,
      submitWarrantyClaim: () => {
        throw new CallableError({
          route: 'submitWarrantyClaim',
          httpStatus: 400,
          status: 'invalid-argument',
          message: 'The warranty of order LL-000043 ended 90 days after it shipped.',
        });
      },
    });
    const user = renderPage();
    const fresh = await rowOf('LL-000043');
    await user.click(within(fresh).getByRole('button', { name: /^Report a defect/ }));
    const dialog = screen.getByRole('dialog', { name: 'Report a defect' });
    await user.click(within(dialog).getByRole('button', { name: 'Report the defect' }));
    expect(await within(dialog).findByText('Describe the defect')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('What is wrong with the lens?'), 'Edge chipped');
    await user.click(within(dialog).getByRole('button', { name: 'Report the defect' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The warranty of order LL-000043 ended 90 days after it shipped.',
    );
    expect(callsTo('submitWarrantyClaim')[0]).toMatchObject({ kind: 'defect', orderId: ORDER_B, eye: 'OS' });
  });

  it('says so when no lens is in warranty', async () => {
    answer({
      getCreditSummary: () => ({ ...SUMMARY, lensesInWarranty: [], claims: [] }),
      listCreditLedger: () => ({ items: [], nextCursor: null }),
    });
    renderPage();
    expect(await screen.findByRole('region', { name: 'No lenses are in warranty' })).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'No credit entries yet' })).toBeInTheDocument();
  });

  it('the ledger shows each entry newest first with its sign, reason, balance after and links', async () => {
    answer({ getCreditSummary: () => SUMMARY, listCreditLedger: () => LEDGER });
    renderPage();
    const table = await screen.findByRole('table', { name: 'Credit ledger, newest first' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(within(rows[0]!).getByText('-$50.00')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Credit used on invoice INV-7')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Applied to invoice')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('+$173.45')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Cancellation')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('$173.45')).toBeInTheDocument();
    expect(within(rows[1]!).getByRole('link', { name: 'Order LL-000040 (OS)' })).toHaveAttribute(
      'href',
      `/customer/orders/${ORDER_A}`,
    );
  });

  it('Export CSV downloads the text the server built under its file name', async () => {
    const created: Blob[] = [];
    vi.stubGlobal('URL', {
      ...URL,
      createObjectURL: vi.fn((blob: Blob) => {
        created.push(blob);
        return 'blob:ledger';
      }),
      revokeObjectURL: vi.fn(),
    });
    const clicked: HTMLAnchorElement[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    const csv = 'date,what,amount\n2025-04-02,Credit used,-50.00\n';
    answer({
      getCreditSummary: () => SUMMARY,
      listCreditLedger: () => LEDGER,
      exportCreditLedger: () => ({ filename: 'lens-credit-LL-1001.csv', csv }),
    });
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(callsTo('exportCreditLedger')).toEqual([{ accountNumber: 'LL-1001' }]);
    expect(clicked[0]!.download).toBe('lens-credit-LL-1001.csv');
    expect(clicked[0]!.getAttribute('href')).toBe('blob:ledger');
    expect(created[0]!.type).toContain('text/csv');
    expect(await blobText(created[0]!)).toBe(csv);
    click.mockRestore();
  });
});
