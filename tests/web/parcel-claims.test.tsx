import { render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CHANGED_MESSAGES } from '../../core/messages';
import { PARCEL_CLAIM_MESSAGES } from '../../core/rules/parcel-claims';
import type { Order, OrderParcel, ParcelClaim } from '../../core/schemas/orders';
import { DEFAULT_PRODUCTION_SETTINGS } from '../../core/schemas/production-settings';
import { OrderDetailPage } from '../../web/src/features/orders/components/order-detail-page';
import { OrderProduction } from '../../web/src/features/orders/components/order-production';
import { OrderReview } from '../../web/src/features/orders/lab/order-review';
import { callRoute } from '../../web/src/lib/api-client';
import { CallableError } from '../../web/src/lib/callable-error';
import { ORDER_ID, anOrder } from '../support/order-approval-fakes';
import { aShippedOrder, PAST_ORDER_ID } from './support/consult-fakes';
import { answer, callsTo, renderAt } from './support/fake-api';

vi.mock('../../web/src/lib/api-client', () => ({ callRoute: vi.fn() }));

beforeEach(() => {
  vi.mocked(callRoute).mockReset();
});

const UPS = '1Z999AA10123456784';
const USPS = '9400100000000000000006';
const parcels = (claim?: ParcelClaim): OrderParcel[] => [
  { parcelId: '1', carrier: 'ups', trackingNumber: UPS, status: 'delivered', ...(claim ? { claim } : {}) },
  { parcelId: '2', carrier: 'usps', trackingNumber: USPS, status: 'in-transit' },
];
const claim = (overrides: Partial<ParcelClaim> = {}): ParcelClaim => ({
  claimId: 'LL-000042-1',
  kind: 'missing',
  note: 'Nothing arrived at the office.',
  reportedAt: '2026-12-03T15:00:00.000Z',
  reportedBy: { userId: 'u-1', name: 'Ann Lee' },
  status: 'open',
  ...overrides,
});

const PRACTICE_ROUTE = '/customer/orders/:orderId';
const openPractice = () => renderAt(`/customer/orders/${PAST_ORDER_ID}`, PRACTICE_ROUTE, <OrderDetailPage />);

describe('parcel claims on the practice order page (decisions/0100 "Claims")', () => {
  it('offers "Report a problem" on each parcel while the 30 days run, and sends the kind and what happened with the version read', async () => {
    const shipped = aShippedOrder(3, { parcels: parcels() });
    let current = shipped;
    answer({
      getOrder: () => current,
      getProductionSettings: () => DEFAULT_PRODUCTION_SETTINGS,
      reportParcelProblem: (input) =>
        (current = {
          ...shipped,
          version: shipped.version + 1,
          parcels: parcels(claim({ kind: input['kind'] as 'damaged', note: input['note'] as string })),
        }),
    });
    const user = openPractice();
    const report = await screen.findByRole('button', { name: `Report a problem with parcel UPS ${UPS}` });
    expect(screen.getByRole('button', { name: `Report a problem with parcel USPS ${USPS}` })).toBeInTheDocument();
    await user.click(report);
    const dialog = screen.getByRole('dialog', { name: `Report a problem with parcel UPS ${UPS}` });

    // Nothing chosen: the form says what to do and sends nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Report the problem' }));
    expect(await within(dialog).findByText('Choose missing or damaged')).toBeInTheDocument();
    expect(within(dialog).getByText('What happened is required')).toBeInTheDocument();
    expect(callsTo('reportParcelProblem')).toEqual([]);

    await user.click(within(dialog).getByRole('radio', { name: 'Damaged' }));
    await user.type(within(dialog).getByRole('textbox', { name: /What happened/ }), 'The vial was cracked.');
    await user.click(within(dialog).getByRole('button', { name: 'Report the problem' }));
    expect(await screen.findByText(/Claim open:/)).toBeInTheDocument();
    expect(callsTo('reportParcelProblem')).toEqual([
      {
        orderId: PAST_ORDER_ID,
        version: shipped.version,
        parcelId: '1',
        kind: 'damaged',
        note: 'The vial was cracked.',
      },
    ]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('a 409 keeps the dialog with the reason; Reload reads the order again and closes it', async () => {
    let reads = 0;
    answer({
      getOrder: () => {
        reads += 1;
        return aShippedOrder(3, { parcels: reads === 1 ? parcels() : parcels(claim()), version: 4 + reads });
      },
      getProductionSettings: () => DEFAULT_PRODUCTION_SETTINGS,
      reportParcelProblem: () => {
        throw new CallableError({
          route: 'reportParcelProblem',
          httpStatus: 409,
          status: 'aborted',
          message: CHANGED_MESSAGES.order,
        });
      },
    });
    const user = openPractice();
    await user.click(await screen.findByRole('button', { name: `Report a problem with parcel UPS ${UPS}` }));
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('radio', { name: 'Missing' }));
    await user.type(within(dialog).getByRole('textbox', { name: /What happened/ }), 'Never came.');
    await user.click(within(dialog).getByRole('button', { name: 'Report the problem' }));
    expect(await within(dialog).findByText(CHANGED_MESSAGES.order)).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: /What happened/ })).toHaveValue('Never came.');
    await user.click(within(dialog).getByRole('button', { name: 'Reload' }));
    expect(await screen.findByText(/Claim open:/)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(callsTo('getOrder').length).toBeGreaterThanOrEqual(2);
  });

  it('no "Report a problem" past 30 days, nor on a parcel already reported', async () => {
    answer({
      getOrder: () => aShippedOrder(31, { parcels: parcels(claim()) }),
      getProductionSettings: () => DEFAULT_PRODUCTION_SETTINGS,
    });
    openPractice();
    expect(await screen.findByText(UPS)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Report a problem/ })).not.toBeInTheDocument();
  });
});

describe("a claim's state on its parcel, as both sides read it", () => {
  const closed = (c: ParcelClaim) => ({ ...aShippedOrder(3), parcels: parcels(c) }) as Order;

  it('open: the kind and the day it was reported', () => {
    render(<OrderProduction order={closed(claim())} />);
    expect(screen.getByText(/Claim open:/).closest('p')).toHaveTextContent('Claim open: missing, reported Thu, Dec 3');
  });

  it('replaced: new lenses at no charge, with the lab note when there is one', () => {
    render(<OrderProduction order={closed(claim({ status: 'replaced', decisionNote: 'Ships Friday.' }))} />);
    expect(screen.getByText(/Replaced:/).closest('p')).toHaveTextContent(
      'Replaced: new lenses at no charge (claim: missing, reported Thu, Dec 3). Note from the lab: Ships Friday.',
    );
  });

  it("declined: the lab's reason", () => {
    render(<OrderProduction order={closed(claim({ status: 'declined', decisionNote: 'Signed for at your desk.' }))} />);
    expect(screen.getByText(/Declined:/).closest('p')).toHaveTextContent('Declined: Signed for at your desk.');
  });
});

describe("parcel claims on the lab's order page", () => {
  const renderReview = () =>
    renderAt(`/admin/order-approval/${ORDER_ID}`, '/admin/order-approval/:orderId', <OrderReview orderId={ORDER_ID} />);
  const claimed = () =>
    anOrder({ status: 'closed', statusAt: '2026-12-01T15:00:00.000Z', parcels: parcels(claim()), version: 7 });

  it('an open claim has Replace… and Decline…; a decline needs its reason, then sends it with the version read', async () => {
    answer({
      getOrder: () => claimed(),
      getProductionSettings: () => DEFAULT_PRODUCTION_SETTINGS,
      decideParcelClaim: (input) => ({
        ...claimed(),
        version: 8,
        parcels: parcels(claim({ status: 'declined', decisionNote: input['note'] as string })),
      }),
    });
    const user = renderReview();
    const group = await screen.findByRole('group', { name: `Claim on parcel UPS ${UPS}` });
    expect(within(group).getByRole('button', { name: 'Replace…' })).toBeInTheDocument();
    await user.click(within(group).getByRole('button', { name: 'Decline…' }));
    const dialog = screen.getByRole('dialog', { name: `Decline the claim on parcel UPS ${UPS}` });
    expect(dialog).toHaveTextContent('Nothing arrived at the office.');
    await user.click(within(dialog).getByRole('button', { name: 'Decline the claim' }));
    expect(await within(dialog).findByText(PARCEL_CLAIM_MESSAGES.declineNeedsNote)).toBeInTheDocument();
    expect(callsTo('decideParcelClaim')).toEqual([]);

    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Signed for at your desk.');
    await user.click(within(dialog).getByRole('button', { name: 'Decline the claim' }));
    expect(await screen.findByText(/Declined:/)).toBeInTheDocument();
    expect(callsTo('decideParcelClaim')).toEqual([
      { orderId: ORDER_ID, version: 7, parcelId: '1', decision: 'decline', note: 'Signed for at your desk.' },
    ]);
    expect(screen.queryByRole('group', { name: `Claim on parcel UPS ${UPS}` })).not.toBeInTheDocument();
  });

  it('replace sends without a note; the other parcel, with no claim, has no actions', async () => {
    answer({
      getOrder: () => claimed(),
      getProductionSettings: () => DEFAULT_PRODUCTION_SETTINGS,
      decideParcelClaim: () => ({ ...claimed(), version: 8, parcels: parcels(claim({ status: 'replaced' })) }),
    });
    const user = renderReview();
    expect(await screen.findByRole('group', { name: `Claim on parcel UPS ${UPS}` })).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: `Claim on parcel USPS ${USPS}` })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Replace…' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Replace the lenses' }));
    expect(await screen.findByText(/Replaced:/)).toBeInTheDocument();
    expect(callsTo('decideParcelClaim')).toEqual([
      { orderId: ORDER_ID, version: 7, parcelId: '1', decision: 'replace', note: '' },
    ]);
  });
});
