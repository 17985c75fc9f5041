import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AccountOrders } from '../../web/src/features/orders/components/account-orders';
import { callRoute } from '../../web/src/lib/api-client';
import { CallableError } from '../../web/src/lib/callable-error';
import { answer, withQueries } from './support/fake-api';

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
