import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AdminDashboard } from '../../web/src/features/admin/components/admin-dashboard';
import { onTimeText } from '../../web/src/features/admin/components/on-time-rate';
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

  it("shows the on-time rate of the last 30 and 90 days from getAdminDashboard's onTime, in words", async () => {
    renderDashboard();
    const card = await screen.findByRole('region', { name: 'On-time shipping' });
    const rows = within(card).getAllByRole('definition');
    expect(
      within(card)
        .getAllByRole('term')
        .map((term) => term.textContent),
    ).toEqual(['Last 30 days', 'Last 90 days']);
    expect(rows.map((row) => row.textContent)).toEqual([
      '90% on time · 18 of 20 shipped',
      '85% on time · 51 of 60 shipped',
    ]);
  });

  it('a window with no orders shipped says so, never 0% on time', async () => {
    vi.mocked(callRoute).mockImplementation((async () =>
      aDashboard(COUNTS, {
        onTime: {
          last30: { shipped: 0, onTime: 0, rate: null },
          last90: { shipped: 50, onTime: 47, rate: 0.94 },
        },
      })) as typeof callRoute);
    renderDashboard();
    const card = await screen.findByRole('region', { name: 'On-time shipping' });
    expect(
      within(card)
        .getAllByRole('definition')
        .map((row) => row.textContent),
    ).toEqual(['No orders shipped', '94% on time · 47 of 50 shipped']);
  });

  it('the rate is a whole percent that reads 100% only when every order shipped on time, and 0% only when none did', () => {
    expect(onTimeText({ shipped: 50, onTime: 47, rate: 0.94 })).toBe('94% on time · 47 of 50 shipped');
    expect(onTimeText({ shipped: 3, onTime: 3, rate: 1 })).toBe('100% on time · 3 of 3 shipped');
    expect(onTimeText({ shipped: 500, onTime: 499, rate: 0.998 })).toBe('99% on time · 499 of 500 shipped');
    expect(onTimeText({ shipped: 500, onTime: 1, rate: 0.002 })).toBe('1% on time · 1 of 500 shipped');
    expect(onTimeText({ shipped: 4, onTime: 0, rate: 0 })).toBe('0% on time · 0 of 4 shipped');
  });
});
