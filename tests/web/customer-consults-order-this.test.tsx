import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CustomerConsult } from '../../core/schemas/consults';
import type { Order } from '../../core/schemas/orders';
import { OrderFormPage } from '../../web/src/features/orders';
import { callRoute } from '../../web/src/lib/api-client';
import { AMPLEYE, CONSULT_ID, PAST_ORDER_ID, REPLY, aConsult, aShippedOrder } from './support/consult-fakes';
import { answer, callsTo, withQueries } from './support/fake-api';
import { fakeSession, SessionFixture } from './support/fake-session';

vi.mock('../../web/src/lib/api-client', () => ({ callRoute: vi.fn() }));

const FROM_PAST_ORDER = aConsult({
  status: 'answered',
  reply: REPLY,
  currentLens: {
    fromOrderId: PAST_ORDER_ID,
    lensId: 'ampleye',
    designName: 'Ampleye',
    parameters: { sagittalDepth: 4500, diameter: 16.5, landingZone: 'toric' },
  },
});
const TYPED = aConsult({ status: 'answered', reply: REPLY, patient: 'Casey Moor' });

function renderOrderForm(path: string, consult: CustomerConsult, pastOrder: Order = aShippedOrder(30)) {
  answer({
    listLensDesigns: () => ({ items: [AMPLEYE] }),
    getConsult: () => consult,
    getOrder: () => pastOrder,
    saveOrderDraft: (input) => ({ orderId: input.orderId, version: 1, updatedAt: new Date().toISOString() }),
    submitOrder: (input) => ({
      ...pastOrder,
      orderId: input.orderId,
      orderNumber: 'LL-000077',
      status: 'submitted',
    }),
  });
  render(
    withQueries(
      <SessionFixture value={fakeSession()}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/customer/order" element={<OrderFormPage />} />
          </Routes>
        </MemoryRouter>
      </SessionFixture>,
    ),
  );
  return userEvent.setup();
}

const odRegion = () => screen.findByRole('region', { name: 'OD (right eye)' });

beforeEach(() => {
  vi.mocked(callRoute).mockReset();
  window.localStorage.clear();
});

describe('"Order this": the order form opened from a consult\'s answer', () => {
  it('a lens from a past order inside its warranty window opens a warranty remake of that order', async () => {
    renderOrderForm(`/customer/order?consult=${CONSULT_ID}`, FROM_PAST_ORDER, aShippedOrder(30));
    expect(await screen.findByText(/Warranty remake of order LL-000042/)).toBeInTheDocument();
    expect(callsTo('getConsult')).toEqual([{ consultId: CONSULT_ID }]);
    expect(callsTo('getOrder')).toEqual([{ orderId: PAST_ORDER_ID }]);
    expect(screen.getByLabelText('Patient name or reference')).toHaveValue('Jordan Reyes');
  });

  it('a warranty remake keeps the design and quantity fixed and says why, as the API requires (docs/decisions/0058-warranty-chains.md)', async () => {
    renderOrderForm(`/customer/order?consult=${CONSULT_ID}`, FROM_PAST_ORDER, aShippedOrder(30));
    const od = await odRegion();
    const design = within(od).getByLabelText('Lens design, OD');
    expect(design).toBeDisabled();
    expect(design).toHaveAccessibleDescription(
      'A warranty exchange keeps the design and quantity of the lens it replaces. For another design or more lenses, place a new order.',
    );
    expect(within(od).getByLabelText('Quantity, OD')).toHaveAttribute('readonly');
    // The exchange bills its fee, so no list price or total is shown for it.
    expect(screen.queryByText(/Order total/)).toBeNull();
  });

  it('a proposal of another design than the past lens opens a reorder, not a warranty exchange', async () => {
    const otherDesign = { ...REPLY, proposal: { ...REPLY.proposal!, lensId: 'other-design' } };
    renderOrderForm(`/customer/order?consult=${CONSULT_ID}`, { ...FROM_PAST_ORDER, reply: otherDesign });
    expect(await screen.findByText(/Reorder of order LL-000042/)).toBeInTheDocument();
    expect(screen.queryByText(/Warranty remake/)).toBeNull();
  });

  it('a lens from a past order whose warranty has ended opens a reorder of it', async () => {
    renderOrderForm(`/customer/order?consult=${CONSULT_ID}`, FROM_PAST_ORDER, aShippedOrder(200));
    expect(await screen.findByText(/Reorder of order LL-000042/)).toBeInTheDocument();
    expect(screen.queryByText(/Warranty remake/)).toBeNull();
  });

  it("puts the proposal on the consult's eye and marks exactly the parameters that changed", async () => {
    renderOrderForm(`/customer/order?consult=${CONSULT_ID}`, FROM_PAST_ORDER);
    const od = await odRegion();
    expect(within(od).getByLabelText('Lens design, OD')).toHaveValue('ampleye');
    const sag = within(od).getByLabelText('Sagittal depth');
    expect(sag).toHaveValue(4350);
    expect(sag).toHaveAccessibleDescription('Changed from 4500 µm');
    expect(within(od).getByLabelText('Diameter')).toHaveValue(16.5);
    expect(within(od).getByLabelText('Diameter')).not.toHaveAccessibleDescription();
    expect(within(od).getByLabelText('Landing zone')).toHaveValue('toric');
    expect(within(od).getByLabelText('Landing zone')).not.toHaveAccessibleDescription();
    expect(screen.getByText(/The lab's answer to consult AVC-000042 is filled in for OD \(right eye\)/)).toBeVisible();
    expect(within(screen.getByRole('region', { name: 'OS (left eye)' })).getByRole('checkbox')).not.toBeChecked();
  });

  it("a typed lens opens a new order for the consult's patient, marked against the lens the consult was about", async () => {
    renderOrderForm(`/customer/order?consult=${CONSULT_ID}`, TYPED);
    const od = await odRegion();
    expect(callsTo('getOrder')).toEqual([]);
    expect(screen.getByLabelText('Patient name or reference')).toHaveValue('Casey Moor');
    expect(screen.queryByText(/Warranty remake|Reorder of/)).toBeNull();
    expect(within(od).getByLabelText('Sagittal depth')).toHaveAccessibleDescription('Changed from 4500 µm');
    expect(within(od).getByLabelText('Diameter')).not.toHaveAccessibleDescription();
  });

  it('sends the consult id with the draft and with the submitted order', async () => {
    const user = renderOrderForm(`/customer/order?consult=${CONSULT_ID}`, FROM_PAST_ORDER);
    await odRegion();
    await waitFor(() => expect(callsTo('saveOrderDraft')).toHaveLength(1), { timeout: 4000 });
    expect(callsTo('saveOrderDraft')[0]!.draft).toMatchObject({ consultId: CONSULT_ID });

    await user.click(screen.getByRole('button', { name: 'Review and submit' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Submit order' }));

    expect(await screen.findByRole('heading', { name: 'Order LL-000077 submitted' })).toBeInTheDocument();
    const [submitted] = callsTo('submitOrder');
    expect(submitted!.order).toMatchObject({
      consultId: CONSULT_ID,
      remake: { kind: 'warranty', ofOrderId: PAST_ORDER_ID },
      lines: [
        {
          eye: 'OD',
          lensId: 'ampleye',
          parameters: { sagittalDepth: 4350, diameter: 16.5, landingZone: 'toric' },
          quantity: 1,
        },
      ],
    });
  });

  it('a consult the lab has not answered yet cannot be ordered', async () => {
    renderOrderForm(`/customer/order?consult=${CONSULT_ID}`, aConsult());
    expect(await screen.findByText('Consult AVC-000042 has no answer yet')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Review and submit' })).toBeNull();
  });

  it("a consult of another of the user's accounts asks to switch account first", async () => {
    renderOrderForm(`/customer/order?consult=${CONSULT_ID}`, { ...TYPED, accountNumber: 'LL-2002' });
    expect(await screen.findByText('Consult AVC-000042 is for account LL-2002')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Review and submit' })).toBeNull();
  });

  it('?from= still opens a plain reorder of the past order, without reading any consult', async () => {
    renderOrderForm(`/customer/order?from=${PAST_ORDER_ID}&kind=reorder`, FROM_PAST_ORDER);
    expect(await screen.findByText(/Reorder of order LL-000042/)).toBeInTheDocument();
    const od = await odRegion();
    expect(within(od).getByLabelText('Sagittal depth')).toHaveValue(4500);
    expect(callsTo('getConsult')).toEqual([]);
  });
});

describe('a warranty remake of a two-design order', () => {
  it('opens with only the lens still in its warranty, and says which eye is left out and why', async () => {
    const shipped = aShippedOrder(45);
    const od = shipped.lines[0]!;
    const twoDesigns: Order = {
      ...shipped,
      lines: [od, { ...od, eye: 'OS', design: { ...od.design, warrantyDays: 30 } }],
    };
    renderOrderForm(`/customer/order?from=${PAST_ORDER_ID}&kind=warranty`, TYPED, twoDesigns);
    expect(
      await screen.findByText(
        /Warranty remake of order LL-000042\..* The OS lens is past its warranty, so it is not part of this remake\./,
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Order a lens for OD (right eye)' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Order a lens for OS (left eye)' })).not.toBeChecked();
  });
});
