import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AdminInvoices } from '../../web/src/features/invoices';
import { callRoute } from '../../web/src/lib/api-client';
import { CallableError } from '../../web/src/lib/callable-error';
import { notify } from '../../web/src/lib/notify';
import { answer, callsTo, renderAt } from './support/fake-api';
import { aSummary, anInvoice } from './support/invoice-fakes';

vi.mock('../../web/src/lib/api-client', () => ({ callRoute: vi.fn() }));

const renderPage = (path = '/admin/invoices', mayMoveMoney = true) =>
  renderAt(path, '/admin/invoices', <AdminInvoices mayMoveMoney={mayMoveMoney} />);

const list = () => ({ items: [aSummary({ status: 'partially-paid', balanceCents: 9_000 })], nextCursor: null });

async function openInvoice(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Open invoice INV-1' }));
  return screen.findByRole('group', { name: 'Invoice actions' });
}

beforeEach(() => {
  vi.mocked(callRoute).mockReset();
  vi.spyOn(notify, 'success').mockReturnValue('toast');
});
afterEach(() => vi.restoreAllMocks());

describe('admin Invoices list', () => {
  it('asks listInvoices with the status tab, overdue only and a typed account and number', async () => {
    answer({ listInvoices: list });
    const user = renderPage();
    await screen.findByRole('table', { name: 'All invoices, newest first' });
    expect(callsTo('listInvoices')[0]).toEqual({ limit: 25, overdueOnly: false });

    await user.click(screen.getByRole('tab', { name: 'Open' }));
    await user.click(screen.getByRole('checkbox', { name: 'Overdue only' }));
    await user.type(screen.getByLabelText('Account number'), 'bv-1001');
    await user.type(screen.getByLabelText('Invoice number'), 'inv-10');
    await waitFor(() =>
      expect(callsTo('listInvoices').at(-1)).toEqual({
        limit: 25,
        overdueOnly: true,
        status: 'open',
        accountNumber: 'BV-1001',
        search: 'INV-10',
      }),
    );
  });
});

describe('admin invoice actions', () => {
  it('void requires a reason: an empty one is refused beside the field and nothing is sent', async () => {
    answer({
      listInvoices: list,
      getInvoice: () => anInvoice(),
      voidInvoice: () => ({ ...anInvoice({ status: 'void' }), createdBy: { userId: 'a', name: 'Lab' } }),
    });
    const user = renderPage();
    const actions = await openInvoice(user);
    expect(callsTo('getInvoice')).toEqual([{ invoiceNumber: 'INV-1', accountNumber: 'LL-1001' }]);
    await user.click(within(actions).getByRole('button', { name: 'Void…' }));

    const dialog = screen.getByRole('dialog', { name: 'Void invoice INV-1?' });
    await user.click(within(dialog).getByRole('button', { name: 'Void invoice' }));
    await waitFor(() =>
      expect(within(dialog).getByLabelText('Reason')).toHaveAccessibleDescription(
        expect.stringContaining('Reason is required'),
      ),
    );
    expect(callsTo('voidInvoice')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Reason'), 'Billed twice');
    await user.click(within(dialog).getByRole('button', { name: 'Void invoice' }));
    await waitFor(() =>
      expect(callsTo('voidInvoice')).toEqual([{ invoiceNumber: 'INV-1', version: 4, reason: 'Billed twice' }]),
    );
    expect(notify.success).toHaveBeenCalledWith('Invoice INV-1 voided.');
  });

  it('a void that loses the race (409) keeps the reason; "Reload latest" reads the invoice again and the retry sends its new version', async () => {
    let version = 4;
    let voids = 0;
    answer({
      listInvoices: list,
      getInvoice: () => anInvoice({ version }),
      voidInvoice: () => {
        if (++voids === 1) {
          version = 5;
          throw new CallableError({ route: 'voidInvoice', httpStatus: 409, status: 'aborted', message: 'changed' });
        }
        return { ...anInvoice({ status: 'void', version: 6 }), createdBy: { userId: 'a', name: 'Lab' } };
      },
    });
    const user = renderPage();
    const actions = await openInvoice(user);
    await user.click(within(actions).getByRole('button', { name: 'Void…' }));
    const dialog = screen.getByRole('dialog', { name: 'Void invoice INV-1?' });
    await user.type(within(dialog).getByLabelText('Reason'), 'Billed twice');
    await user.click(within(dialog).getByRole('button', { name: 'Void invoice' }));

    await user.click(await within(dialog).findByRole('button', { name: 'Reload latest' }));
    await waitFor(() =>
      expect(within(dialog).queryByRole('button', { name: 'Reload latest' })).not.toBeInTheDocument(),
    );
    expect(within(dialog).getByLabelText('Reason')).toHaveValue('Billed twice');
    await user.click(within(dialog).getByRole('button', { name: 'Void invoice' }));
    await waitFor(() =>
      expect(callsTo('voidInvoice')).toEqual([
        { invoiceNumber: 'INV-1', version: 4, reason: 'Billed twice' },
        { invoiceNumber: 'INV-1', version: 5, reason: 'Billed twice' },
      ]),
    );
    expect(notify.success).toHaveBeenCalledWith('Invoice INV-1 voided.');
  });

  it('an admin without the billing permission is offered no money action (the API refuses them all)', async () => {
    answer({ listInvoices: list, getInvoice: () => anInvoice() });
    const user = renderPage('/admin/invoices', false);
    await user.click(await screen.findByRole('button', { name: 'Open invoice INV-1' }));
    expect(
      await screen.findByText(
        'Recording a payment, applying credit, refunding and voiding need the billing permission.',
      ),
    ).toBeVisible();
    expect(screen.queryByRole('group', { name: 'Invoice actions' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Refund…' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Apply credit…' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Record payment…' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Void…' })).toBeNull();
  });

  it('refunds part of a card payment: offers what is left of it, sends one refund id per dialog, and lists the refund', async () => {
    const paymentId = '11111111-1111-4111-8111-111111111111';
    const card = {
      settlementId: 's-3',
      at: '2025-03-07T10:00:00.000Z',
      method: 'card' as const,
      amountCents: 9_000,
      paymentId,
    };
    const refunded = anInvoice({
      settlements: [...anInvoice().settlements, card],
      refunds: [
        {
          refundId: 'r-0',
          at: '2025-03-08T10:00:00.000Z',
          amountCents: 1_500,
          paymentId,
          reference: 'RF-20250308-AAAAAAAA',
        },
      ],
      paidCents: 9_500,
      balanceCents: 1_500,
    });
    answer({
      listInvoices: list,
      getInvoice: () => refunded,
      refundPayment: () => ({ refund: {}, invoice: refunded }),
    });
    const user = renderPage();
    const actions = await openInvoice(user);
    expect(screen.getByRole('table', { name: 'Card refunds on invoice INV-1: owed again' })).toHaveTextContent(
      'RF-20250308-AAAAAAAA',
    );
    await user.click(within(actions).getByRole('button', { name: 'Refund…' }));
    const dialog = screen.getByRole('dialog', { name: 'Refund a card payment on INV-1' });
    expect(within(dialog).getByLabelText('Refund ($)')).toHaveValue('75.00');
    await user.clear(within(dialog).getByLabelText('Refund ($)'));
    await user.type(within(dialog).getByLabelText('Refund ($)'), '20.05');
    await user.type(within(dialog).getByLabelText('Reason'), 'Returned');
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    await waitFor(() => expect(callsTo('refundPayment')).toHaveLength(1));
    expect(callsTo('refundPayment')[0]).toEqual({
      refundId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      paymentId,
      invoiceNumber: 'INV-1',
      amountCents: 2_005,
      reason: 'Returned',
    });
    expect(notify.success).toHaveBeenCalledWith('$20.05 refunded on invoice INV-1.');
  });

  it('records a check against the version read, and says when it is more than the balance', async () => {
    answer({
      listInvoices: list,
      getInvoice: () => anInvoice(),
      recordOfflinePayment: () => ({ ...anInvoice(), createdBy: { userId: 'a', name: 'Lab' } }),
    });
    const user = renderPage();
    const actions = await openInvoice(user);
    await user.click(within(actions).getByRole('button', { name: 'Record payment…' }));
    const dialog = screen.getByRole('dialog', { name: 'Record a payment on INV-1' });
    const amount = within(dialog).getByLabelText('Amount ($)');
    expect(amount).toHaveValue('90.00');

    await user.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    await waitFor(() =>
      expect(within(dialog).getByLabelText('Received as')).toHaveAccessibleDescription('Choose check or bank transfer'),
    );
    expect(callsTo('recordOfflinePayment')).toHaveLength(0);

    await user.selectOptions(within(dialog).getByLabelText('Received as'), 'Check');
    await user.clear(amount);
    await user.type(amount, '100');
    expect(amount).toHaveAccessibleDescription(expect.stringContaining('$10.00 more than the balance'));
    await user.type(within(dialog).getByLabelText('Reference (optional)'), 'CHQ 204');
    await user.clear(within(dialog).getByLabelText('Received on'));
    await user.type(within(dialog).getByLabelText('Received on'), '2025-03-12');
    await user.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    await waitFor(() =>
      expect(callsTo('recordOfflinePayment')).toEqual([
        {
          invoiceNumber: 'INV-1',
          version: 4,
          method: 'cheque',
          amountCents: 10_000,
          reference: 'CHQ 204',
          receivedOn: '2025-03-12',
        },
      ]),
    );
  });

  it('"Record invoice" checks dollar amounts and sends the lines in cents', async () => {
    answer({
      listInvoices: list,
      getInvoice: () => anInvoice({ invoiceNumber: 'INV-77' }),
      createInvoice: (input) => ({
        ...anInvoice({ invoiceNumber: input.invoiceNumber as string }),
        createdBy: { userId: 'a', name: 'Lab' },
      }),
    });
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Record invoice' }));
    const dialog = screen.getByRole('dialog', { name: 'Record invoice' });
    await user.type(within(dialog).getByLabelText('Account number'), 'll-1001');
    await user.type(within(dialog).getByLabelText('Invoice number'), 'inv-77');
    const line = within(within(dialog).getByRole('group', { name: 'Line 1' }));
    await user.type(line.getByLabelText('Description'), 'Phone order: 2 scleral lenses');
    await user.clear(line.getByLabelText('Qty'));
    await user.type(line.getByLabelText('Qty'), '2');
    await user.type(line.getByLabelText('Unit price ($)'), 'lots');
    await user.click(within(dialog).getByRole('button', { name: 'Record invoice' }));
    await waitFor(() =>
      expect(line.getByLabelText('Unit price ($)')).toHaveAccessibleDescription(
        'Enter an amount in dollars, e.g. 120.50',
      ),
    );
    expect(callsTo('createInvoice')).toHaveLength(0);

    await user.clear(line.getByLabelText('Unit price ($)'));
    await user.type(line.getByLabelText('Unit price ($)'), '95.50');
    await user.type(within(dialog).getByLabelText('Shipping ($)'), '8.50');
    await user.click(within(dialog).getByRole('button', { name: 'Record invoice' }));
    await waitFor(() =>
      expect(callsTo('createInvoice')).toEqual([
        {
          invoiceNumber: 'inv-77',
          accountNumber: 'LL-1001',
          lines: [{ description: 'Phone order: 2 scleral lenses', quantity: 2, unitCents: 9_550 }],
          shippingCents: 850,
          taxCents: 0,
        },
      ]),
    );
    expect(await screen.findByRole('heading', { name: 'Invoice INV-77' })).toBeVisible();
  });
});
