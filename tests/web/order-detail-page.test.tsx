import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { OrderDetailPage } from '../../web/src/features/orders/components/order-detail-page';
import { callRoute } from '../../web/src/lib/api-client';
import { CallableError } from '../../web/src/lib/callable-error';
import { aShippedOrder, PAST_ORDER_ID } from './support/consult-fakes';
import { answer, callsTo, renderAt } from './support/fake-api';

vi.mock('../../web/src/lib/api-client', () => ({ callRoute: vi.fn() }));

const ROUTE = '/customer/orders/:orderId';
const notFound = () =>
  new CallableError({ route: 'getOrder', httpStatus: 404, status: 'not-found', message: 'Order not found' });

beforeEach(() => {
  vi.mocked(callRoute).mockReset();
});

describe('customer order detail page: a missing order is shown in the page', () => {
  it('an order that does not exist or is not the caller\'s shows "Order not found" with a way back', async () => {
    answer({
      getOrder: () => {
        throw notFound();
      },
    });
    renderAt(`/customer/orders/${PAST_ORDER_ID}`, ROUTE, <OrderDetailPage />);
    expect(await screen.findByRole('heading', { name: 'Order not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the dashboard' })).toHaveAttribute('href', '/customer/home');
  });

  it('any other failure says the order could not be loaded and Try again asks again', async () => {
    let calls = 0;
    answer({
      getOrder: () => {
        calls += 1;
        if (calls === 1) {
          throw new CallableError({ route: 'getOrder', httpStatus: 0, status: 'unavailable', message: 'offline' });
        }
        return aShippedOrder(3);
      },
    });
    const user = renderAt(`/customer/orders/${PAST_ORDER_ID}`, ROUTE, <OrderDetailPage />);
    expect(await screen.findByText('The order could not be loaded.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Order not found' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(/LL-000042/)).toBeInTheDocument();
    expect(callsTo('getOrder')).toHaveLength(2);
  });
});
