import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHANGED_MESSAGES } from '../../core/messages';
import { DELAY_MESSAGES } from '../../core/rules/order-delays';
import type { Order } from '../../core/schemas/orders';
import { DEFAULT_PRODUCTION_SETTINGS } from '../../core/schemas/production-settings';
import { OrderReview } from '../../web/src/features/orders/lab/order-review';
import { callRoute } from '../../web/src/lib/api-client';
import { CallableError } from '../../web/src/lib/callable-error';
import { notify } from '../../web/src/lib/notify';
import { ORDER_ID, anOrder } from '../support/order-approval-fakes';
import { answer, callsTo, renderAt, type Handler } from './support/fake-api';

vi.mock('../../web/src/lib/api-client', () => ({ callRoute: vi.fn() }));

const PROMISE = {
  shipBy: '2031-01-02',
  arriveBy: '2031-01-07',
  firstShipBy: '2031-01-02',
  method: 'standard' as const,
  promisedAt: '2030-12-20T15:00:00.000Z',
};

const inProduction = (overrides: Partial<Order> = {}) =>
  anOrder({ status: 'approved', stage: 'lathing', promise: PROMISE, ...overrides });

/** A Monday long after today, and the Saturday before it. */
const MONDAY = '2031-01-06';
const SATURDAY = '2031-01-04';

function renderReview(routes: Record<string, Handler>) {
  answer({ getProductionSettings: () => DEFAULT_PRODUCTION_SETTINGS, ...routes });
  return renderAt(
    `/admin/order-approval/${ORDER_ID}`,
    '/admin/order-approval/:orderId',
    <OrderReview orderId={ORDER_ID} />,
  );
}

const delayed = (version: number): Order =>
  inProduction({
    version,
    promise: { ...PROMISE, shipBy: MONDAY, arriveBy: '2031-01-09' },
    delays: [
      {
        at: '2030-12-30T14:00:00.000Z',
        by: { userId: 'lab-1', name: 'Lee Lab' },
        reason: 'The lathe is being repaired.',
        previousShipBy: PROMISE.shipBy,
        shipBy: MONDAY,
      },
    ],
  });

async function openDialog(user: ReturnType<typeof renderReview>) {
  await user.click(await screen.findByRole('button', { name: 'Record delay…' }));
  return within(screen.getByRole('dialog', { name: 'Record a delay for order LL-000042' }));
}

beforeEach(() => {
  vi.mocked(callRoute).mockReset();
});
afterEach(() => vi.restoreAllMocks());

describe('Order detail: recording a delay (recordOrderDelay)', () => {
  it("is offered with the server's rule: an order not shipped yet that was promised a ship date", async () => {
    renderReview({ getOrder: () => inProduction() });
    const group = await screen.findByRole('group', { name: 'Order actions' });
    expect(within(group).getByRole('button', { name: 'Record delay…' })).toBeVisible();
  });

  it('is not offered for an order that shipped, nor for one placed before ship dates were promised', async () => {
    renderReview({ getOrder: () => inProduction({ status: 'closed', stage: 'shipped', shippedOn: '2031-01-02' }) });
    expect(await screen.findByRole('heading', { name: 'Order LL-000042' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Record delay…' })).not.toBeInTheDocument();
  });

  it('an order without a promise has no ship date to move', async () => {
    renderReview({ getOrder: () => anOrder({ status: 'approved' }) });
    await screen.findByRole('group', { name: 'Order actions' });
    expect(screen.queryByRole('button', { name: 'Record delay…' })).not.toBeInTheDocument();
  });

  it('the reason and the new date are required: each says so at its field and nothing is sent', async () => {
    const user = renderReview({ getOrder: () => inProduction() });
    const dialog = await openDialog(user);
    await user.click(dialog.getByRole('button', { name: 'Record delay' }));

    await waitFor(() =>
      expect(dialog.getByLabelText('Reason')).toHaveAccessibleDescription(
        expect.stringContaining('Reason is required'),
      ),
    );
    expect(dialog.getByLabelText('New ship-by date')).toHaveAccessibleDescription(
      expect.stringContaining('New ship date is required'),
    );
    expect(dialog.getByLabelText('New ship-by date')).toHaveFocus();
    expect(callsTo('recordOrderDelay')).toHaveLength(0);
  });

  it("a day that is not a business day of the lab is refused at the field with the server's words, before sending", async () => {
    const user = renderReview({ getOrder: () => inProduction() });
    const dialog = await openDialog(user);
    await user.type(dialog.getByLabelText('New ship-by date'), SATURDAY);
    await user.type(dialog.getByLabelText('Reason'), 'The lathe is being repaired.');
    await user.click(dialog.getByRole('button', { name: 'Record delay' }));

    await waitFor(() =>
      expect(dialog.getByLabelText('New ship-by date')).toHaveAccessibleDescription(
        expect.stringContaining(DELAY_MESSAGES.notBusinessDay(SATURDAY)),
      ),
    );
    expect(callsTo('recordOrderDelay')).toHaveLength(0);
  });

  it('a day before today is refused at the field, before sending', async () => {
    const user = renderReview({ getOrder: () => inProduction() });
    const dialog = await openDialog(user);
    await user.type(dialog.getByLabelText('New ship-by date'), '2020-01-06');
    await user.type(dialog.getByLabelText('Reason'), 'Late.');
    await user.click(dialog.getByRole('button', { name: 'Record delay' }));
    await waitFor(() =>
      expect(dialog.getByLabelText('New ship-by date')).toHaveAccessibleDescription(
        expect.stringContaining(DELAY_MESSAGES.beforeToday),
      ),
    );
    expect(callsTo('recordOrderDelay')).toHaveLength(0);
  });

  it('sends the reason and the day with the version read, says so, and the production card shows the delay', async () => {
    const success = vi.spyOn(notify, 'success').mockReturnValue('toast');
    let current = inProduction();
    const user = renderReview({
      getOrder: () => current,
      recordOrderDelay: () => {
        current = delayed(4);
        return current;
      },
    });
    const dialog = await openDialog(user);
    await user.type(dialog.getByLabelText('New ship-by date'), MONDAY);
    await user.type(dialog.getByLabelText('Reason'), 'The lathe is being repaired.');
    await user.click(dialog.getByRole('button', { name: 'Record delay' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo('recordOrderDelay')).toEqual([
      { orderId: ORDER_ID, version: 3, reason: 'The lathe is being repaired.', shipBy: MONDAY },
    ]);
    expect(success).toHaveBeenCalledWith(
      'Order LL-000042 now ships by Mon, Jan 6; the practice was emailed the reason.',
    );
    const delays = await screen.findByRole('list', { name: 'Delays' });
    expect(delays).toHaveTextContent('Ship date moved from Thu, Jan 2');
    expect(delays).toHaveTextContent('Mon, Jan 6');
    expect(delays).toHaveTextContent('The lathe is being repaired.');
  });

  it("the server's field message lands at its field (the lab's calendar could not be read here)", async () => {
    const message = DELAY_MESSAGES.notBusinessDay(MONDAY);
    const user = renderReview({
      getOrder: () => inProduction(),
      getProductionSettings: () => {
        throw new CallableError({ route: 'getProductionSettings', httpStatus: 503, message: 'Unavailable' });
      },
      recordOrderDelay: () => {
        throw new CallableError({
          route: 'recordOrderDelay',
          httpStatus: 400,
          status: 'invalid-argument',
          message,
          fieldErrors: { shipBy: [message] },
        });
      },
    });
    const dialog = await openDialog(user);
    await user.type(dialog.getByLabelText('New ship-by date'), MONDAY);
    await user.type(dialog.getByLabelText('Reason'), 'Holiday closure.');
    await user.click(dialog.getByRole('button', { name: 'Record delay' }));

    await waitFor(() =>
      expect(dialog.getByLabelText('New ship-by date')).toHaveAccessibleDescription(expect.stringContaining(message)),
    );
    expect(callsTo('recordOrderDelay')).toHaveLength(1);
    expect(dialog.getByLabelText('Reason')).toHaveValue('Holiday closure.');
  });

  it(`a 409 shows "${CHANGED_MESSAGES.order}", keeps what was typed, and after the reload sends it with the new version`, async () => {
    vi.spyOn(notify, 'success').mockReturnValue('toast');
    let version = 3;
    let sends = 0;
    const user = renderReview({
      getOrder: () => inProduction({ version }),
      recordOrderDelay: () => {
        sends += 1;
        if (sends === 1)
          throw new CallableError({
            route: 'recordOrderDelay',
            httpStatus: 409,
            status: 'aborted',
            message: CHANGED_MESSAGES.order,
          });
        return delayed(version + 1);
      },
    });
    const dialog = await openDialog(user);
    await user.type(dialog.getByLabelText('New ship-by date'), MONDAY);
    await user.type(dialog.getByLabelText('Reason'), 'Material on back order.');
    await user.click(dialog.getByRole('button', { name: 'Record delay' }));

    expect(await dialog.findByText(CHANGED_MESSAGES.order)).toBeVisible();
    version = 6; // another admin changed the order meanwhile
    await user.click(dialog.getByRole('button', { name: 'Reload latest' }));
    await waitFor(() => expect(dialog.queryByText(CHANGED_MESSAGES.order)).not.toBeInTheDocument());
    expect(dialog.getByLabelText('Reason')).toHaveValue('Material on back order.');

    await user.click(dialog.getByRole('button', { name: 'Record delay' }));
    await waitFor(() => expect(callsTo('recordOrderDelay')).toHaveLength(2));
    expect(callsTo('recordOrderDelay')[1]).toEqual({
      orderId: ORDER_ID,
      version: 6,
      reason: 'Material on back order.',
      shipBy: MONDAY,
    });
  });

  it('after a reload shows the order shipped meanwhile, the dialog says so and sends nothing', async () => {
    let status: Order['status'] = 'approved';
    const user = renderReview({
      getOrder: () => inProduction({ status, version: status === 'approved' ? 3 : 4 }),
      recordOrderDelay: () => {
        throw new CallableError({
          route: 'recordOrderDelay',
          httpStatus: 409,
          status: 'aborted',
          message: CHANGED_MESSAGES.order,
        });
      },
    });
    const dialog = await openDialog(user);
    await user.type(dialog.getByLabelText('New ship-by date'), MONDAY);
    await user.type(dialog.getByLabelText('Reason'), 'Late.');
    await user.click(dialog.getByRole('button', { name: 'Record delay' }));
    await dialog.findByText(CHANGED_MESSAGES.order);

    status = 'closed';
    await user.click(dialog.getByRole('button', { name: 'Reload latest' }));
    expect(await dialog.findByText('This order is now Shipped.')).toBeVisible();
    expect(dialog.getByRole('button', { name: 'Record delay' })).toBeDisabled();
  });
});
