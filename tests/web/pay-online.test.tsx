import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PayOnline } from '../../web/src/features/invoices';
import { checkAmount } from '../../web/src/features/invoices/model/pay-amounts';
import { PaymentPanel } from '../../web/src/features/payments';
import { payFlowTiming } from '../../web/src/features/payments/hooks/use-pay-flow';
import { callRoute } from '../../web/src/lib/api-client';
import { CallableError } from '../../web/src/lib/callable-error';
import { answer, callsTo, withQueries } from './support/fake-api';
import { INVOICE_ORDER_ID, aPaymentView, aSummary, anInvoice } from './support/invoice-fakes';

vi.mock('../../web/src/lib/api-client', () => ({ callRoute: vi.fn() }));
// The card step belongs to the gateway's own form; here it is one button that says the gateway took the card.
vi.mock('../../web/src/features/payments/checkout/card-checkout', () => ({
  CardCheckout: ({ amountCents, onConfirmed }: { amountCents: number; onConfirmed: () => void }) => (
    <button type="button" onClick={() => onConfirmed()}>
      Gateway: card for {amountCents}
    </button>
  ),
}));

const page = (items = [aSummary()], overdueCents = 0) => ({
  items,
  nextCursor: null,
  totals: {
    balanceCents: items.reduce((sum, i) => sum + i.balanceCents, 0),
    overdueCents,
    openCount: items.length,
  },
});

const credit = (availableCents: number) => () => ({
  accountNumber: 'LL-1001',
  availableCents,
  pendingCents: 0,
  lensesInWarranty: [],
  claims: [],
});

const offline = () =>
  new CallableError({ route: 'startPayment', httpStatus: 0, status: 'unavailable', message: 'offline' });

function renderPage(path = '/customer/payment') {
  const view = withQueries(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route
          path="/customer/payment"
          element={
            <PayOnline
              userId="u-1"
              accounts={['LL-1001', 'LL-2002']}
              selectedAccount="LL-1001"
              PaymentArea={PaymentPanel}
            />
          }
        />
      </Routes>
    </MemoryRouter>,
  );
  const result = render(view);
  return { user: userEvent.setup(), ...result, view };
}

async function chooseInvoice(user: ReturnType<typeof userEvent.setup>, number = 'INV-1') {
  await user.click(await screen.findByRole('checkbox', { name: `Pay invoice ${number}` }));
  return screen.getByLabelText(`Amount to pay on ${number}`);
}

beforeEach(() => {
  vi.mocked(callRoute).mockReset();
  window.sessionStorage.clear();
  payFlowTiming.retryDelaysMs = [];
});
afterEach(() => vi.restoreAllMocks());

describe('amounts to pay', () => {
  it('an amount is dollars, more than $0 and never above the balance', () => {
    expect(checkAmount('120', 12_000)).toEqual({ cents: 12_000 });
    expect(checkAmount('$45.5', 12_000)).toEqual({ cents: 4_550 });
    expect(checkAmount('120.01', 12_000)).toEqual({ error: 'More than the balance of $120.00' });
    expect(checkAmount('0', 12_000)).toEqual({ error: 'Enter an amount more than $0.00' });
    expect(checkAmount('ten', 12_000)).toEqual({ error: 'Enter an amount in dollars, e.g. 120.50' });
  });

  it('a chosen invoice starts at its balance; over the balance, $0 or not money is refused beside the field and Pay is off', async () => {
    answer({ listAccountInvoices: () => page(), getCreditSummary: credit(0) });
    const { user } = renderPage();
    const amount = await chooseInvoice(user);
    expect(amount).toHaveValue('120.00');
    expect(screen.getByRole('button', { name: 'Pay $120.00' })).toBeEnabled();

    for (const [typed, message] of [
      ['130', 'More than the balance of $120.00'],
      ['0', 'Enter an amount more than $0.00'],
      ['12,x', 'Enter an amount in dollars, e.g. 120.50'],
    ]) {
      await user.clear(amount);
      await user.type(amount, typed!);
      expect(amount).toHaveAccessibleDescription(message!);
      expect(screen.getByRole('button', { name: 'Correct the amounts to pay' })).toBeDisabled();
    }

    await user.clear(amount);
    await user.type(amount, '50');
    expect(amount).not.toHaveAccessibleDescription();
    expect(screen.getByRole('button', { name: 'Pay $50.00' })).toBeEnabled();
  });

  it('overdue invoices say so in words, and the totals show the overdue balance', async () => {
    answer({
      listAccountInvoices: () =>
        page([aSummary({ overdue: true, dueDate: '2020-01-01' }), aSummary({ invoiceNumber: 'INV-2' })], 12_000),
      getCreditSummary: credit(0),
    });
    renderPage();
    const table = await screen.findByRole('table', { name: 'Open invoices of account LL-1001, newest first' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent(/Overdue \d+ days/);
    expect(rows[1]).not.toHaveTextContent('Overdue');
    const totals = screen.getByLabelText('Balance of account LL-1001');
    expect(within(totals).getByText('Overdue').nextElementSibling).toHaveTextContent('$120.00');
    expect(within(totals).getByText('Open balance').nextElementSibling).toHaveTextContent('$240.00');
  });
});

describe('lens credit first', () => {
  it('shows the available credit and how it splits, and asks startPayment to apply it', async () => {
    answer({
      listAccountInvoices: () => page(),
      getCreditSummary: credit(5_000),
      startPayment: () => aPaymentView({ creditCents: 5_000, cardCents: 7_000 }),
    });
    const { user } = renderPage();
    await chooseInvoice(user);
    const apply = await screen.findByRole('checkbox', { name: 'Apply my lens credit first' });
    expect(apply).toHaveAccessibleDescription('$50.00 available on account LL-1001.');
    await user.click(apply);

    const split = screen.getByLabelText('Payment split');
    expect(within(split).getByText('Lens credit').nextElementSibling).toHaveTextContent('-$50.00');
    expect(within(split).getByText('By card').nextElementSibling).toHaveTextContent('$70.00');
    await user.click(screen.getByRole('button', { name: 'Pay $70.00 by card' }));

    await waitFor(() => expect(callsTo('startPayment')).toHaveLength(1));
    expect(callsTo('startPayment')[0]).toMatchObject({
      accountNumber: 'LL-1001',
      allocations: [{ invoiceNumber: 'INV-1', amountCents: 12_000 }],
      applyCredit: true,
    });
    expect(await screen.findByRole('button', { name: 'Gateway: card for 7000' })).toBeVisible();
  });

  it('credit that covers everything pays without a card and shows the receipt', async () => {
    answer({
      listAccountInvoices: () => page(),
      getCreditSummary: credit(20_000),
      startPayment: () =>
        aPaymentView({ status: 'succeeded', creditCents: 12_000, cardCents: 0, checkout: null, intentId: undefined }),
    });
    const { user } = renderPage();
    await chooseInvoice(user);
    await user.click(await screen.findByRole('checkbox', { name: 'Apply my lens credit first' }));
    await user.click(screen.getByRole('button', { name: 'Pay with lens credit' }));
    expect(await screen.findByText('Payment received')).toBeVisible();
    expect(screen.getByText('Lens credit applied').nextElementSibling).toHaveTextContent('$120.00');
    expect(screen.getByText('A receipt was emailed to you.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Download receipt (PDF)' })).toBeVisible();
  });
});

describe('one payment, charged once', () => {
  it('a double click sends one startPayment', async () => {
    answer({ listAccountInvoices: () => page(), getCreditSummary: credit(0), startPayment: () => aPaymentView() });
    const { user } = renderPage();
    await chooseInvoice(user);
    await user.dblClick(screen.getByRole('button', { name: 'Pay $120.00' }));
    await screen.findByRole('button', { name: 'Gateway: card for 12000' });
    expect(callsTo('startPayment')).toHaveLength(1);
  });

  it('the payment id made before the first send is reused by a retry and after a reload', async () => {
    let fail = true;
    answer({
      listAccountInvoices: () => page(),
      getCreditSummary: credit(0),
      startPayment: (input) => {
        if (fail) throw offline();
        return aPaymentView({ paymentId: input.paymentId as string });
      },
    });
    const { user, unmount, view } = renderPage();
    await chooseInvoice(user);
    await user.click(screen.getByRole('button', { name: 'Pay $120.00' }));

    expect(await screen.findByText('Your payment is not finished')).toBeVisible();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByRole('button', { name: 'Gateway: card for 12000' });

    // A reload during payment: the page starts again and asks about the same payment.
    unmount();
    render(view);
    await screen.findByRole('button', { name: 'Gateway: card for 12000' });

    const ids = callsTo('startPayment').map((input) => input.paymentId);
    expect(ids).toHaveLength(3);
    expect(ids[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(new Set(ids).size).toBe(1);
    expect(screen.getByRole('list', { name: 'Invoices in this payment' })).toHaveTextContent('INV-1$120.00');
  });

  it('a lost confirm answer is asked again with the same id, then the receipt shows', async () => {
    let confirms = 0;
    answer({
      listAccountInvoices: () => page(),
      getCreditSummary: credit(0),
      startPayment: () => aPaymentView(),
      confirmPayment: () => {
        confirms += 1;
        if (confirms === 1) throw offline();
        return aPaymentView({ status: 'succeeded', checkout: null, settledAt: '2025-03-10T10:01:00.000Z' });
      },
    });
    payFlowTiming.retryDelaysMs = [0];
    const { user } = renderPage();
    await chooseInvoice(user);
    await user.click(screen.getByRole('button', { name: 'Pay $120.00' }));
    await user.click(await screen.findByRole('button', { name: 'Gateway: card for 12000' }));

    expect(await screen.findByText('Payment received')).toBeVisible();
    const { paymentId } = callsTo('startPayment')[0]!;
    expect(callsTo('confirmPayment')).toEqual([{ paymentId }, { paymentId }]);
    expect(window.sessionStorage.length).toBe(0);
  });
});

describe('outcomes', () => {
  it("a declined card shows the gateway's message, leaves the invoices unpaid and reads them again", async () => {
    answer({
      listAccountInvoices: () => page(),
      getCreditSummary: credit(0),
      startPayment: () => aPaymentView(),
      confirmPayment: () =>
        aPaymentView({ status: 'failed', checkout: null, failureMessage: 'Your card was declined.' }),
    });
    const { user } = renderPage();
    await chooseInvoice(user);
    await user.click(screen.getByRole('button', { name: 'Pay $120.00' }));
    await user.click(await screen.findByRole('button', { name: 'Gateway: card for 12000' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your card was declined.');
    expect(alert).toHaveTextContent('Your invoices are unchanged');
    await waitFor(() => expect(callsTo('listAccountInvoices').length).toBeGreaterThan(1));
    // The choice stays, and the next Pay is a new payment.
    expect(screen.getByLabelText('Amount to pay on INV-1')).toHaveValue('120.00');
    expect(window.sessionStorage.length).toBe(0);
  });

  it('a 409 (someone else paid) shows the message and reloads the invoices', async () => {
    answer({
      listAccountInvoices: () => page(),
      getCreditSummary: credit(0),
      startPayment: () => {
        throw new CallableError({
          route: 'startPayment',
          httpStatus: 409,
          status: 'aborted',
          message: 'Invoice INV-1 changed: its balance is now $0.00.',
        });
      },
    });
    const { user } = renderPage();
    await chooseInvoice(user);
    await user.click(screen.getByRole('button', { name: 'Pay $120.00' }));
    expect(await screen.findByText('Invoice INV-1 changed: its balance is now $0.00.')).toBeVisible();
    await waitFor(() => expect(callsTo('listAccountInvoices').length).toBeGreaterThan(1));
  });
});

describe('invoice detail and links', () => {
  it('an emailed link opens the invoice: lines with order links, patients, payments and credits', async () => {
    answer({
      listAccountInvoices: () => page(),
      getCreditSummary: credit(0),
      getInvoice: () => anInvoice({ accountNumber: 'LL-2002' }),
    });
    renderPage('/customer/payment?invoice=inv-1&account=LL-2002');

    const dialog = await screen.findByRole('dialog', { name: 'Invoice INV-1' });
    expect(callsTo('getInvoice')).toEqual([{ invoiceNumber: 'INV-1', accountNumber: 'LL-2002' }]);
    await within(dialog).findByRole('table', { name: 'Lines of invoice INV-1' });
    expect(within(dialog).getAllByRole('link', { name: 'Open order LL-000042' })[0]).toHaveAttribute(
      'href',
      `/customer/orders/${INVOICE_ORDER_ID}`,
    );
    expect(within(dialog).getAllByText('Jordan Reyes').length).toBeGreaterThan(0);
    const payments = within(dialog).getByRole('table', { name: 'Payments and credits applied to invoice INV-1' });
    expect(payments).toHaveTextContent('Check');
    expect(payments).toHaveTextContent('CHQ 118');
    expect(payments).toHaveTextContent('Lens credit');
    expect(within(dialog).getByText(/^Overdue/)).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Download PDF' })).toBeVisible();
  });

  it('a link to an invoice the account does not have says so (and never logs out)', async () => {
    answer({
      listAccountInvoices: () => page(),
      getCreditSummary: credit(0),
      getInvoice: () => {
        throw new CallableError({
          route: 'getInvoice',
          httpStatus: 404,
          status: 'not-found',
          message: 'Invoice not found',
        });
      },
    });
    renderPage('/customer/payment?invoice=INV-9&account=LL-1001');
    const dialog = await screen.findByRole('dialog', { name: 'Invoice INV-9' });
    expect(await within(dialog).findByText('No invoice with that number for this account.')).toBeVisible();
  });

  it('"Find an invoice" opens the one found, and says when there is none', async () => {
    answer({
      listAccountInvoices: () => page(),
      getCreditSummary: credit(0),
      getInvoice: (input) => {
        if (input.invoiceNumber === 'INV-1') return anInvoice();
        throw new CallableError({
          route: 'getInvoice',
          httpStatus: 404,
          status: 'not-found',
          message: 'Invoice not found',
        });
      },
    });
    const { user } = renderPage();
    const find = await screen.findByLabelText('Find an invoice');
    await user.type(find, 'INV-404');
    await user.click(screen.getByRole('button', { name: 'Find' }));
    await waitFor(() => expect(find).toHaveAccessibleDescription('No invoice with that number for this account'));

    await user.clear(find);
    await user.type(find, 'inv-1');
    await user.click(screen.getByRole('button', { name: 'Find' }));
    expect(await screen.findByRole('dialog', { name: 'Invoice INV-1' })).toBeVisible();
  });

  it('"All my accounts" lists every linked account\'s invoices', async () => {
    answer({ listAccountInvoices: () => page(), getCreditSummary: credit(0) });
    const { user } = renderPage();
    await screen.findByRole('table');
    expect(callsTo('listAccountInvoices')[0]).toEqual({ tab: 'open', limit: 25, accountNumber: 'LL-1001' });
    await user.selectOptions(screen.getByLabelText('Invoices of'), 'All my accounts');
    await waitFor(() => expect(callsTo('listAccountInvoices').at(-1)).toEqual({ tab: 'open', limit: 25 }));
    await user.click(screen.getByRole('tab', { name: 'Paid' }));
    await waitFor(() => expect(callsTo('listAccountInvoices').at(-1)).toEqual({ tab: 'paid', limit: 25 }));
  });
});
