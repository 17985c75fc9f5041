import { CHANGED_MESSAGES } from '../../core/messages';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Order } from '../../core/schemas/orders';
import { OrderQueue } from '../../web/src/features/orders/lab/order-queue';
import { OrderReview } from '../../web/src/features/orders/lab/order-review';
import { waitingTime } from '../../web/src/features/orders/lab/waiting-time';
import { callRoute } from '../../web/src/lib/api-client';
import { CallableError } from '../../web/src/lib/callable-error';
import { notify } from '../../web/src/lib/notify';
import { ORDER_ID, aSummary, anOrder } from '../support/order-approval-fakes';
import { answer, callsTo, renderAt } from './support/fake-api';

vi.mock('../../web/src/lib/api-client', () => ({ callRoute: vi.fn() }));

const renderQueue = (path = '/admin/order-approval') => renderAt(path, '/admin/order-approval', <OrderQueue />);
const renderReview = () =>
  renderAt(`/admin/order-approval/${ORDER_ID}`, '/admin/order-approval/:orderId', <OrderReview orderId={ORDER_ID} />);

const conflict = () =>
  new CallableError({ route: 'holdOrder', httpStatus: 409, status: 'aborted', message: 'The order changed.' });

beforeEach(() => {
  vi.mocked(callRoute).mockReset();
});
afterEach(() => vi.restoreAllMocks());

describe('Order Approval queue', () => {
  it('lists the submitted orders the server answers, in its oldest-first order, with a link to each', async () => {
    answer({
      listOrders: () => ({
        items: [
          aSummary({
            orderId: 'a0000000-0000-4000-8000-000000000001',
            orderNumber: 'LL-000001',
            patient: 'Avery Stone',
          }),
          aSummary({
            orderId: 'a0000000-0000-4000-8000-000000000002',
            orderNumber: 'LL-000002',
            patient: 'Blake Hart',
            poNumber: undefined,
            lenses: [
              { eye: 'OD', name: 'Ortho-K Day' },
              { eye: 'OS', name: 'Ortho-K Day' },
            ],
          }),
        ],
        nextCursor: null,
      }),
    });
    renderQueue();

    const table = await screen.findByRole('table', { name: 'Submitted orders, oldest first' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('LL-000001');
    expect(rows[0]).toHaveTextContent('Avery Stone');
    expect(rows[0]).toHaveTextContent('PO-77');
    expect(rows[0]).toHaveTextContent('OD: Scleral 16.0');
    expect(rows[0]).toHaveTextContent('Submitted');
    expect(rows[1]).toHaveTextContent('OD: Ortho-K Day, OS: Ortho-K Day');
    expect(within(rows[0]!).getByRole('link', { name: /Open order LL-000001/ })).toHaveAttribute(
      'href',
      '/admin/order-approval/a0000000-0000-4000-8000-000000000001',
    );
    expect(callsTo('listOrders')[0]).toEqual({ status: 'submitted', limit: 25 });
  });

  it('shows an empty state when no order waits', async () => {
    answer({ listOrders: () => ({ items: [], nextCursor: null }) });
    renderQueue();
    expect(await screen.findByRole('heading', { name: 'No orders submitted' })).toBeVisible();
  });

  it('changing the status tab asks listOrders for that status', async () => {
    answer({ listOrders: () => ({ items: [], nextCursor: null }) });
    const user = renderQueue();
    await screen.findByRole('heading', { name: 'No orders submitted' });

    await user.click(screen.getByRole('tab', { name: 'On hold' }));

    await waitFor(() => expect(callsTo('listOrders').at(-1)).toEqual({ status: 'on-hold', limit: 25 }));
    expect(screen.getByRole('tab', { name: 'On hold' })).toHaveAttribute('aria-selected', 'true');
  });

  it('an account number and a search are sent once typed, with the status kept', async () => {
    answer({ listOrders: () => ({ items: [], nextCursor: null }) });
    const user = renderQueue('/admin/order-approval?status=approved');
    await user.type(screen.getByLabelText('Account number'), 'bv-1001');
    await user.type(screen.getByLabelText('Search'), 'Reyes');

    await waitFor(() =>
      expect(callsTo('listOrders').at(-1)).toEqual({
        status: 'approved',
        limit: 25,
        accountNumber: 'BV-1001',
        search: 'Reyes',
      }),
    );
  });

  it('filters read from the URL, so a reload keeps them', async () => {
    answer({ listOrders: () => ({ items: [], nextCursor: null }) });
    renderQueue('/admin/order-approval?status=rejected&account=BV-1001&from=2025-03-01&to=2025-03-31&q=PO-77');

    await waitFor(() =>
      expect(callsTo('listOrders')[0]).toEqual({
        status: 'rejected',
        limit: 25,
        accountNumber: 'BV-1001',
        from: '2025-03-01',
        to: '2025-03-31',
        search: 'PO-77',
      }),
    );
    expect(screen.getByLabelText('Search')).toHaveValue('PO-77');
    expect(screen.getByLabelText('Account number')).toHaveValue('BV-1001');
    expect(screen.getByRole('tab', { name: 'Rejected' })).toHaveAttribute('aria-selected', 'true');
  });

  it('an end date before the start date is refused beside the field and not sent', async () => {
    answer({ listOrders: () => ({ items: [], nextCursor: null }) });
    renderQueue('/admin/order-approval?from=2025-03-10&to=2025-03-01');
    expect(await screen.findByLabelText('Submitted to')).toHaveAccessibleDescription(
      'The end date is before the start date',
    );
    expect(callsTo('listOrders')).toHaveLength(0);
  });

  it('waiting time reads as a duration in its largest whole unit', () => {
    const now = Date.parse('2025-03-06T10:00:00Z');
    expect(waitingTime('2025-03-03T09:00:00Z', now)).toBe('3 days');
    expect(waitingTime('2025-03-06T09:00:00Z', now)).toBe('1 hour');
    expect(waitingTime('2025-03-06T09:59:30Z', now)).toBe('under a minute');
  });
});

describe('Order detail: the lab actions', () => {
  it('shows every parameter, the shipping and the notes, and the actions a submitted order allows', async () => {
    answer({ getOrder: () => anOrder() });
    renderReview();

    expect(await screen.findByRole('heading', { name: 'Order LL-000042' })).toBeVisible();
    expect(screen.getByText('Sagittal depth')).toBeVisible();
    expect(screen.getByText('Optimum Extra (Dk 100)')).toBeVisible();
    expect(screen.getByText('Patient had a previous scleral fit.')).toBeVisible();
    expect(screen.getByText('12 Lens Lane')).toBeVisible();
    const actions = within(screen.getByRole('group', { name: 'Order actions' }));
    expect(actions.getAllByRole('button').map((b) => b.textContent)).toEqual(['Approve', 'Put on hold…', 'Reject…']);
  });

  it('a warranty remake of a remake names its original order and the exchange fee billed (docs/decisions/0058-warranty-chains.md)', async () => {
    const remake = {
      kind: 'warranty' as const,
      ofOrderId: 'b0000000-0000-4000-8000-00000000000b',
      ofOrderNumber: 'LL-000041',
      exchangeFeeCents: 2_500,
      originalOrderId: 'c0000000-0000-4000-8000-00000000000c',
      originalOrderNumber: 'LL-000040',
    };
    answer({ getOrder: () => anOrder({ remake }) });
    renderReview();
    expect(await screen.findByRole('link', { name: 'LL-000040' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'LL-000041' })).toBeVisible();
    expect(screen.getByText(/\(warranty exchange fee\)/)).toBeVisible();
  });

  it('an order in production can only be held or closed', async () => {
    answer({ getOrder: () => anOrder({ status: 'approved' }) });
    renderReview();
    const group = await screen.findByRole('group', { name: 'Order actions' });
    expect(
      within(group)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Put on hold…', 'Close with invoice…']);
  });

  it('hold requires a message: an empty one is refused in the dialog and nothing is sent', async () => {
    answer({ getOrder: () => anOrder(), holdOrder: () => anOrder({ status: 'on-hold' }) });
    const user = renderReview();
    await user.click(await screen.findByRole('button', { name: 'Put on hold…' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Put order LL-000042 on hold' }));

    await user.type(dialog.getByLabelText('Message to the practice'), '   ');
    await user.click(dialog.getByRole('button', { name: 'Put on hold' }));

    expect(dialog.getByLabelText('Message to the practice')).toHaveAccessibleDescription(
      expect.stringContaining('Message to the practice is required'),
    );
    expect(callsTo('holdOrder')).toHaveLength(0);
  });

  it('hold sends the message with the version read, and says so', async () => {
    const success = vi.spyOn(notify, 'success').mockReturnValue('toast');
    answer({ getOrder: () => anOrder(), holdOrder: () => anOrder({ status: 'on-hold', version: 4 }) });
    const user = renderReview();
    await user.click(await screen.findByRole('button', { name: 'Put on hold…' }));
    await user.type(screen.getByLabelText('Message to the practice'), 'Please send the topography.');
    await user.click(screen.getByRole('button', { name: 'Put on hold' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo('holdOrder')).toEqual([{ orderId: ORDER_ID, version: 3, message: 'Please send the topography.' }]);
    expect(success).toHaveBeenCalledWith('Order LL-000042 is on hold; the practice was sent your message.');
  });

  it(`a 409 shows "${CHANGED_MESSAGES.order}", keeps the text, and after Reload sends it with the new version`, async () => {
    let version = 3;
    let holds = 0;
    answer({
      getOrder: () => anOrder({ version }),
      holdOrder: () => {
        holds += 1;
        if (holds === 1) throw conflict();
        return anOrder({ status: 'on-hold', version: version + 1 });
      },
    });
    vi.spyOn(notify, 'success').mockReturnValue('toast');
    const user = renderReview();
    await user.click(await screen.findByRole('button', { name: 'Put on hold…' }));
    await user.type(screen.getByLabelText('Message to the practice'), 'Which material?');
    await user.click(screen.getByRole('button', { name: 'Put on hold' }));

    expect(await screen.findByText(CHANGED_MESSAGES.order)).toBeVisible();
    expect(screen.getByLabelText('Message to the practice')).toHaveValue('Which material?');

    version = 5; // another admin changed the order meanwhile
    await user.click(screen.getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(screen.queryByText(CHANGED_MESSAGES.order)).not.toBeInTheDocument());
    expect(screen.getByLabelText('Message to the practice')).toHaveValue('Which material?');

    await user.click(screen.getByRole('button', { name: 'Put on hold' }));
    await waitFor(() => expect(callsTo('holdOrder')).toHaveLength(2));
    expect(callsTo('holdOrder')[1]).toEqual({ orderId: ORDER_ID, version: 5, message: 'Which material?' });
  });

  it('after a reload shows the order moved on, the action is no longer offered in the dialog', async () => {
    let status: Order['status'] = 'submitted';
    answer({
      getOrder: () => anOrder({ status, version: status === 'submitted' ? 3 : 4 }),
      rejectOrder: () => {
        throw conflict();
      },
    });
    const user = renderReview();
    await user.click(await screen.findByRole('button', { name: 'Reject…' }));
    await user.type(screen.getByLabelText('Reason'), 'Parameters out of range');
    await user.click(screen.getByRole('button', { name: 'Reject order' }));
    await screen.findByText(CHANGED_MESSAGES.order);

    status = 'approved';
    await user.click(screen.getByRole('button', { name: 'Reload' }));

    expect(await screen.findByText('This order is now In production.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Reject order' })).toBeDisabled();
    expect(screen.getByLabelText('Reason')).toHaveValue('Parameters out of range');
  });

  it('reject asks for confirmation with a required reason', async () => {
    answer({ getOrder: () => anOrder(), rejectOrder: () => anOrder({ status: 'rejected', version: 4 }) });
    vi.spyOn(notify, 'success').mockReturnValue('toast');
    const user = renderReview();
    await user.click(await screen.findByRole('button', { name: 'Reject…' }));
    const dialog = within(screen.getByRole('alertdialog', { name: 'Reject order LL-000042?' }));
    await user.click(dialog.getByRole('button', { name: 'Reject order' }));
    expect(callsTo('rejectOrder')).toHaveLength(0);

    await user.type(dialog.getByLabelText('Reason'), 'Duplicate of LL-000041');
    await user.click(dialog.getByRole('button', { name: 'Reject order' }));
    await waitFor(() =>
      expect(callsTo('rejectOrder')).toEqual([{ orderId: ORDER_ID, version: 3, reason: 'Duplicate of LL-000041' }]),
    );
  });

  it('close checks the invoice number with the shared schema before sending', async () => {
    answer({
      getOrder: () => anOrder({ status: 'approved' }),
      closeOrder: () => anOrder({ status: 'closed', invoiceNumber: 'INV-2025-0042', version: 4 }),
    });
    const success = vi.spyOn(notify, 'success').mockReturnValue('toast');
    const user = renderReview();
    await user.click(await screen.findByRole('button', { name: 'Close with invoice…' }));
    await user.type(screen.getByLabelText('Invoice number'), 'INV 42');
    await user.click(screen.getByRole('button', { name: 'Close order' }));
    // The check runs asynchronously (the form library's resolver): wait for its message.
    await waitFor(() =>
      expect(screen.getByLabelText('Invoice number')).toHaveAccessibleDescription(
        expect.stringContaining('Invoice number is letters, digits and dashes'),
      ),
    );
    expect(callsTo('closeOrder')).toHaveLength(0);

    await user.clear(screen.getByLabelText('Invoice number'));
    await user.type(screen.getByLabelText('Invoice number'), 'INV-2025-0042');
    await user.type(screen.getByLabelText('Tracking numbers'), '1Z999AA10123456784');
    await user.click(screen.getByRole('button', { name: 'Close order' }));
    await waitFor(() =>
      expect(callsTo('closeOrder')).toEqual([
        // Shipping prefilled with the standard method's price; no tax typed; the carrier read from the number.
        {
          orderId: ORDER_ID,
          version: 3,
          invoiceNumber: 'INV-2025-0042',
          shippingCents: 850,
          taxCents: 0,
          parcels: [{ carrier: 'ups', trackingNumber: '1Z999AA10123456784' }],
        },
      ]),
    );
    expect(success).toHaveBeenCalledWith('Order LL-000042 closed with invoice INV-2025-0042.');
  });

  it('close issues the invoice with the shipping and tax typed; an amount that is not money is refused beside its field', async () => {
    answer({
      getOrder: () => anOrder({ status: 'approved' }),
      closeOrder: () => anOrder({ status: 'closed', invoiceNumber: 'INV-7', version: 4 }),
    });
    vi.spyOn(notify, 'success').mockReturnValue('toast');
    const user = renderReview();
    await user.click(await screen.findByRole('button', { name: 'Close with invoice…' }));
    expect(screen.getByLabelText('Shipping ($)')).toHaveValue('8.50');
    await user.type(screen.getByLabelText('Invoice number'), 'INV-7');
    await user.clear(screen.getByLabelText('Shipping ($)'));
    await user.type(screen.getByLabelText('Shipping ($)'), '12.00');
    await user.type(screen.getByLabelText('Tax ($)'), 'ten');
    await user.click(screen.getByRole('button', { name: 'Close order' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Tax ($)')).toHaveAccessibleDescription(
        expect.stringContaining('Enter an amount in dollars'),
      ),
    );
    expect(callsTo('closeOrder')).toHaveLength(0);

    await user.clear(screen.getByLabelText('Tax ($)'));
    await user.type(screen.getByLabelText('Tax ($)'), '1.96');
    await user.click(screen.getByRole('checkbox', { name: /No tracking/ }));
    await user.click(screen.getByRole('button', { name: 'Close order' }));
    await waitFor(() =>
      // The schema's output: no parcels, and the lab said so.
      expect(callsTo('closeOrder')).toEqual([
        {
          orderId: ORDER_ID,
          version: 3,
          invoiceNumber: 'INV-7',
          shippingCents: 1200,
          taxCents: 196,
          parcels: [],
          noTracking: true,
        },
      ]),
    );
  });

  it('close asks for each parcel\'s tracking number or "No tracking" (closeOrder parcels): a bad line is named by its number and nothing is sent', async () => {
    answer({
      getOrder: () => anOrder({ status: 'approved' }),
      closeOrder: () => anOrder({ status: 'closed', invoiceNumber: 'INV-8', version: 4 }),
    });
    vi.spyOn(notify, 'success').mockReturnValue('toast');
    const user = renderReview();
    await user.click(await screen.findByRole('button', { name: 'Close with invoice…' }));
    await user.type(screen.getByLabelText('Invoice number'), 'INV-8');
    const tracking = screen.getByLabelText('Tracking numbers');
    await user.click(screen.getByRole('button', { name: 'Close order' }));
    await waitFor(() => expect(tracking).toHaveAccessibleDescription(expect.stringContaining('No tracking')));
    expect(tracking).toHaveFocus();

    // Scanned: a valid FedEx number, then a UPS number with a wrong check digit, then the FedEx one again.
    await user.type(tracking, '123456789012{Enter}1Z12345E0205271688{Enter}1234 5678 9012');
    const read = screen.getByRole('list', { name: 'Parcels as read' });
    expect(read).toHaveTextContent('123456789012 FedEx');
    expect(read).toHaveTextContent('Line 2: The check digit does not match');
    await user.click(screen.getByRole('button', { name: 'Close order' }));
    await waitFor(() =>
      expect(tracking).toHaveAccessibleDescription(expect.stringContaining('Line 2: The check digit does not match')),
    );
    expect(callsTo('closeOrder')).toHaveLength(0);

    await user.clear(tracking);
    await user.type(tracking, '123456789012{Enter}1234 5678 9012');
    await user.click(screen.getByRole('button', { name: 'Close order' }));
    await waitFor(() =>
      expect(tracking).toHaveAccessibleDescription(
        expect.stringContaining('Line 2: This tracking number is listed twice'),
      ),
    );

    await user.clear(tracking);
    await user.type(tracking, '123456789012{Enter}9400100000000000000006{Enter}');
    await user.click(screen.getByRole('button', { name: 'Close order' }));
    await waitFor(() =>
      expect(callsTo('closeOrder')).toEqual([
        expect.objectContaining({
          invoiceNumber: 'INV-8',
          parcels: [
            { carrier: 'fedex', trackingNumber: '123456789012' },
            { carrier: 'usps', trackingNumber: '9400100000000000000006' },
          ],
        }),
      ]),
    );
  });

  it("a bad field gets the schema's message beside it and the focus, and nothing is sent", async () => {
    answer({ getOrder: () => anOrder({ status: 'approved' }) });
    const user = renderReview();
    await user.click(await screen.findByRole('button', { name: 'Close with invoice…' }));
    await user.type(screen.getByLabelText('Invoice number'), 'INV-7');
    const shipping = screen.getByLabelText('Shipping ($)');
    await user.clear(shipping);
    await user.type(shipping, 'free');
    await user.click(screen.getByRole('button', { name: 'Close order' }));
    await waitFor(() => expect(shipping).toHaveFocus());
    expect(shipping).toHaveAccessibleDescription(expect.stringContaining('Enter an amount in dollars'));
    expect(callsTo('closeOrder')).toHaveLength(0);
  });

  it('what was typed in an action is still there when its dialog is opened again', async () => {
    answer({ getOrder: () => anOrder({ status: 'approved' }) });
    const user = renderReview();
    await user.click(await screen.findByRole('button', { name: 'Close with invoice…' }));
    await user.type(screen.getByLabelText('Invoice number'), 'INV-7');
    await user.type(screen.getByLabelText('Tax ($)'), '1.96');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(screen.getByRole('button', { name: 'Close with invoice…' }));
    expect(screen.getByLabelText('Invoice number')).toHaveValue('INV-7');
    expect(screen.getByLabelText('Tax ($)')).toHaveValue('1.96');
    expect(screen.getByLabelText('Shipping ($)')).toHaveValue('8.50');
  });

  it('approve sends no note when none is typed', async () => {
    answer({ getOrder: () => anOrder(), approveOrder: () => anOrder({ status: 'approved', version: 4 }) });
    vi.spyOn(notify, 'success').mockReturnValue('toast');
    const user = renderReview();
    await user.click(await screen.findByRole('button', { name: 'Approve' }));
    await user.click(screen.getByRole('button', { name: 'Approve order' }));
    await waitFor(() => expect(callsTo('approveOrder')).toEqual([{ orderId: ORDER_ID, version: 3 }]));
  });

  it('a link that is not an order id shows "Order not found" without asking the server', async () => {
    answer({});
    renderAt('/admin/order-approval/nope', '/admin/order-approval/:orderId', <OrderReview orderId="nope" />);
    expect(await screen.findByRole('heading', { name: 'Order not found' })).toBeVisible();
    expect(callRoute).not.toHaveBeenCalled();
  });
});
