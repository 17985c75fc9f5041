import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Order } from '../../core/schemas/orders';
import { OrderProduction } from '../../web/src/features/orders/components/order-production';

const CALENDAR = {
  timeZone: 'America/New_York',
  cutoffHour: 16,
  holidays: [],
  transitDays: { standard: 3, express: 2, overnight: 1 },
};
/** Thursday, December 10, 2026, noon in New York. */
const NOW = new Date('2026-12-10T17:00:00Z');

const lab = { userId: 'lab-1', name: 'Lee Lab', actor: 'lab' as const };

function order(overrides: Partial<Order> = {}): Order {
  return {
    orderId: 'o-1',
    status: 'approved',
    stage: 'polishing',
    history: [
      {
        at: '2026-12-07T15:00:00.000Z',
        action: 'approve',
        from: 'submitted',
        to: 'approved',
        by: lab,
        stage: 'approved',
      },
      { at: '2026-12-08T15:00:00.000Z', action: 'stage', from: 'approved', to: 'approved', by: lab, stage: 'lathing' },
      {
        at: '2026-12-09T15:00:00.000Z',
        action: 'stage',
        from: 'approved',
        to: 'approved',
        by: { ...lab, name: 'Pat Polisher' },
        stage: 'polishing',
      },
    ],
    promise: {
      shipBy: '2026-12-14',
      arriveBy: '2026-12-17',
      firstShipBy: '2026-12-14',
      method: 'standard',
      promisedAt: '2026-12-07T15:00:00.000Z',
    },
    ...overrides,
  } as Order;
}

describe('order production', () => {
  it('lists the stages in order, marks done ones with who moved them and the current one as the step', () => {
    render(<OrderProduction order={order()} calendar={CALENDAR} now={NOW} />);
    const items = within(screen.getByRole('list', { name: 'Production stages' })).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual(
      expect.arrayContaining([expect.stringContaining('Lathing (done)')]),
    );
    expect(items[1]).toHaveTextContent('by Lee Lab');
    const current = items.find((item) => item.getAttribute('aria-current') === 'step');
    expect(current).toHaveTextContent('Polishing (current stage)');
    expect(current).toHaveTextContent('by Pat Polisher');
    expect(items.filter((item) => item.hasAttribute('aria-current'))).toHaveLength(1);
    expect(items[3]).toHaveTextContent('Surface treatment (to come)');
  });

  it('shows ship-by and arrive-by, with "At risk" in words when the ship-by day is one business day away', () => {
    render(<OrderProduction order={order()} calendar={CALENDAR} now={new Date('2026-12-11T17:00:00Z')} />);
    expect(screen.getByText('Mon, Dec 14').closest('dd')).toHaveTextContent('At risk');
    expect(screen.getByText('Thu, Dec 17')).toBeInTheDocument();
  });

  it('says "Late" once the ship-by day has passed unshipped', () => {
    render(<OrderProduction order={order()} calendar={CALENDAR} now={new Date('2026-12-15T17:00:00Z')} />);
    expect(screen.getByText('Late')).toBeInTheDocument();
  });

  it('lists each delay with its reason and the old and new ship dates', () => {
    const delayed = order({
      delays: [
        {
          at: '2026-12-09T20:00:00.000Z',
          by: { userId: 'lab-1', name: 'Lee Lab' },
          reason: 'The lathe is being serviced.',
          previousShipBy: '2026-12-11',
          shipBy: '2026-12-14',
        },
      ],
    });
    render(<OrderProduction order={delayed} calendar={CALENDAR} now={NOW} />);
    const delay = within(screen.getByRole('list', { name: 'Delays' })).getByRole('listitem');
    expect(delay).toHaveTextContent('Ship date moved from Fri, Dec 11');
    expect(delay).toHaveTextContent('to Mon, Dec 14');
    expect(delay).toHaveTextContent('The lathe is being serviced.');
  });

  it("links each parcel's number to its carrier's tracking page in a new tab, naming the carrier's site", () => {
    const shipped = order({
      status: 'closed',
      stage: 'delivered',
      shippedOn: '2026-12-11',
      deliveredAt: '2026-12-14T18:00:00.000Z',
      parcels: [
        {
          parcelId: 'p-1',
          carrier: 'ups',
          trackingNumber: '1Z999AA10123456784',
          status: 'delivered',
          deliveredAt: '2026-12-14T18:00:00.000Z',
        },
      ],
    });
    render(<OrderProduction order={shipped} calendar={CALENDAR} now={NOW} />);
    const link = screen.getByRole('link', { name: /1Z999AA10123456784.*opens the UPS site in a new tab/ });
    expect(link).toHaveAttribute('href', 'https://www.ups.com/track?tracknum=1Z999AA10123456784');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    const parcel = link.closest('li');
    expect(parcel).toHaveTextContent('UPS');
    expect(parcel).toHaveTextContent('Delivered');
    expect(screen.getByText('Shipped on time')).toBeInTheDocument();
  });

  it('says an order shipped without tracking when its parcel list is empty', () => {
    render(
      <OrderProduction
        order={order({ status: 'closed', stage: 'shipped', shippedOn: '2026-12-11', parcels: [] })}
        calendar={CALENDAR}
        now={NOW}
      />,
    );
    expect(screen.getByText(/Shipped without a tracking number/)).toBeInTheDocument();
  });
});
