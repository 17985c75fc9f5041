import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AdminDashboard } from '../../web/src/features/admin/components/admin-dashboard';
import { callRoute } from '../../web/src/lib/api-client';
import { aDashboard } from '../support/order-approval-fakes';

vi.mock('../../web/src/lib/api-client', () => ({ callRoute: vi.fn() }));

function renderDashboard() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <AdminDashboard
          firstName="Sam"
          shortcuts={[{ path: '/admin/order-approval', label: 'Order Approval', description: 'Review orders.' }]}
        />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const COUNTS = [3, 0, 5, 8, 2, 9, 4, 6, 1, 7, 10, 12];

beforeEach(() => {
  vi.mocked(callRoute).mockReset();
  vi.mocked(callRoute).mockImplementation((async () => aDashboard(COUNTS)) as typeof callRoute);
});

describe('admin dashboard', () => {
  it('charts the last 12 weeks as 12 titled bars, with the same numbers in a data table', async () => {
    renderDashboard();
    const chart = await screen.findByRole('img', { name: /Orders per week/ });
    const bars = chart.querySelectorAll('[data-bar]');
    expect(bars).toHaveLength(12);
    expect(bars[0]?.querySelector('title')?.textContent).toMatch(/^Week of .*: 3 orders$/);
    expect(bars[8]?.querySelector('title')?.textContent).toMatch(/: 1 order$/);

    const table = screen.getByRole('table', { name: 'Orders per week' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(12);
    expect(rows.map((row) => within(row).getByRole('cell').textContent)).toEqual(COUNTS.map(String));
    expect(callRoute).toHaveBeenCalledWith('getAdminDashboard', {});
  });

  it('each status count links to the queue filtered by that status', async () => {
    renderDashboard();
    const onHold = await screen.findByRole('link', { name: /^1\s*On hold/ });
    expect(onHold).toHaveAttribute('href', '/admin/order-approval?status=on-hold');
    expect(screen.getByRole('link', { name: /^5\s*Submitted/ })).toHaveAttribute('href', '/admin/order-approval');
  });

  it('links the oldest waiting order and lists the users active now with role and last activity', async () => {
    renderDashboard();
    expect(await screen.findByRole('link', { name: 'Order LL-000042' })).toHaveAttribute(
      'href',
      '/admin/order-approval/0b1e2f3a-4c5d-4e6f-8a9b-0c1d2e3f4a5b',
    );
    const users = within(screen.getByRole('region', { name: 'Users active now' })).getAllByRole('listitem');
    expect(users[0]).toHaveTextContent('fitter@brightview.test');
    expect(users[0]).toHaveTextContent('Customer');
    expect(users[1]).toHaveTextContent('lab@lenslab.test');
    expect(users[1]).toHaveTextContent('Admin');
    expect(users[1]).toHaveTextContent('2 minutes ago');
  });

  it('an idle user is shown as Idle, an active one as Active', async () => {
    renderDashboard();
    const region = await screen.findByRole('region', { name: 'Users active now' });
    const [active, idle] = within(region).getAllByRole('listitem');
    expect(active).toHaveTextContent('fitter@brightview.test');
    expect(active).toHaveTextContent('Active');
    expect(idle).toHaveTextContent('lab@lenslab.test');
    expect(idle).toHaveTextContent('Idle');
  });

  it('keeps the area shortcuts under the overview', async () => {
    renderDashboard();
    expect(await screen.findByRole('link', { name: /Open Order Approval/ })).toHaveAttribute(
      'href',
      '/admin/order-approval',
    );
  });
});
