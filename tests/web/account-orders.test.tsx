import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CustomerInfo } from '../../core/schemas/customers/customer-info';
import {
  getCustomerInfoQueryOptions,
  loadedCustomerInfo,
} from '../../web/src/features/customers/api/get-customer-info';
import { AccountOrders } from '../../web/src/features/orders/components/account-orders';
import { callRoute } from '../../web/src/lib/api-client';
import { CallableError } from '../../web/src/lib/callable-error';
import { createQueryClient } from '../../web/src/lib/query-client';
import { answer, callsTo, withQueries } from './support/fake-api';

vi.mock('../../web/src/lib/api-client', () => ({ callRoute: vi.fn() }));

beforeEach(() => {
  vi.mocked(callRoute).mockReset();
});

describe('customer dashboard orders', () => {
  it('spec 8: a customer-info load that fails shows the customer API text "API returned status {code}: {text}"', async () => {
    answer({
      getCustomerInfo: () => {
        throw new CallableError({
          route: 'getCustomerInfo',
          httpStatus: 503,
          status: 'unavailable',
          message: 'API returned status 503: Service Unavailable',
        });
      },
    });
    render(
      withQueries(
        <MemoryRouter>
          <AccountOrders account="LL-1001" userId="u-1" />
        </MemoryRouter>,
      ),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The orders could not be loaded. API returned status 503: Service Unavailable',
    );
  });
});

const ORDER = {
  orderId: 'a0000000-0000-4000-8000-00000000000a',
  orderNumber: 'LL-000042',
  accountNumber: 'LL-1001',
  status: 'submitted',
  patient: 'Avery Stone',
  createdAt: '2025-03-01T10:00:00.000Z',
  statusAt: '2025-03-01T10:00:00.000Z',
  updatedAt: '2025-03-01T10:00:00.000Z',
  version: 1,
  lenses: [{ eye: 'OD', name: 'Horizon Scleral' }],
};
const FIRST_PAGE = {
  accountNumber: 'LL-1001',
  company: 'Lee Eye Care',
  shippingAddress: { address: '1 Main St', city: 'Springfield', state: 'IL', zip: '62701' },
  pricingAllowed: true,
  orders: [ORDER],
  page: 1,
  records: 25,
  total: 1,
} as unknown as CustomerInfo;

/** The dashboard's orders with the app's own query defaults (a 30 s freshness window). */
function renderOrders(firstPage: { info: CustomerInfo; loadedAt: number }) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <AccountOrders account="LL-1001" userId="u-1" firstPage={firstPage} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('the dashboard orders start from the session answer', () => {
  it('shows page 1 the session loaded moments ago without asking getCustomerInfo again', async () => {
    answer({ getCustomerInfo: () => FIRST_PAGE, listAccountOrders: () => ({ items: [] }) });
    renderOrders({ info: FIRST_PAGE, loadedAt: Date.now() });
    // In the latest status changes and in the orders table.
    expect(await screen.findAllByRole('link', { name: 'LL-000042' })).toHaveLength(2);
    expect(callsTo('getCustomerInfo')).toEqual([]);
  });

  it('asks again when the session answer is older than the freshness window', async () => {
    answer({ getCustomerInfo: () => FIRST_PAGE });
    renderOrders({ info: FIRST_PAGE, loadedAt: Date.now() - 60_000 });
    await waitFor(() => expect(callsTo('getCustomerInfo')).toEqual([{ account: 'LL-1001', page: 1, records: 25 }]));
  });

  it("a newer page 1 from the session (the fresh answer after the last visit's kept one) replaces the shown one", async () => {
    answer({ getCustomerInfo: () => FIRST_PAGE, listAccountOrders: () => ({ items: [] }) });
    const queryClient = createQueryClient();
    const view = (firstPage: { info: CustomerInfo; loadedAt: number }) => (
      <QueryClientProvider client={queryClient}>
        <MemoryRouter>
          <AccountOrders account="LL-1001" userId="u-1" firstPage={firstPage} />
        </MemoryRouter>
      </QueryClientProvider>
    );
    const loadedAt = Date.now();
    const { rerender } = render(view({ info: FIRST_PAGE, loadedAt }));
    expect(await screen.findAllByRole('link', { name: 'LL-000042' })).toHaveLength(2);
    const fresh = { ...FIRST_PAGE, orders: [{ ...ORDER, orderNumber: 'LL-000043' }] } as CustomerInfo;
    rerender(view({ info: fresh, loadedAt: loadedAt + 1 }));
    expect(await screen.findAllByRole('link', { name: 'LL-000043' })).toHaveLength(2);
    expect(screen.queryByRole('link', { name: 'LL-000042' })).toBeNull();
    expect(callsTo('getCustomerInfo')).toEqual([]);
  });

  it('takes the newest cached first page of that account, and none of another account', () => {
    const queryClient = createQueryClient();
    queryClient.setQueryData(getCustomerInfoQueryOptions('u-1').queryKey, FIRST_PAGE, { updatedAt: 1_000 });
    queryClient.setQueryData(getCustomerInfoQueryOptions('u-1', { account: 'LL-1001' }).queryKey, FIRST_PAGE, {
      updatedAt: 2_000,
    });
    queryClient.setQueryData(getCustomerInfoQueryOptions('u-1', { account: 'LL-1001', page: 2 }).queryKey, FIRST_PAGE, {
      updatedAt: 3_000,
    });
    expect(loadedCustomerInfo(queryClient, 'u-1', 'LL-1001')).toEqual({ info: FIRST_PAGE, loadedAt: 2_000 });
    expect(loadedCustomerInfo(queryClient, 'u-1', 'LL-2002')).toBeNull();
    expect(loadedCustomerInfo(queryClient, 'u-2', 'LL-1001')).toBeNull();
  });
});
