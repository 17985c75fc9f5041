import {
  DEFAULT_TROUBLESHOOTER_SETTINGS,
  type ConsultantDesign,
  type ConsultantSetup,
  type CustomerConsult,
  type TroubleshooterObservations,
} from '../../../core/schemas/consults';
import { DEFAULT_WARRANTY_POLICY, type LensDesign } from '../../../core/schemas/lenses';
import type { Order, OrderSummary } from '../../../core/schemas/orders';

/**
 * A practice's consults, the Ampleye design (as the catalogue and as the public troubleshooter show it) and
 * the orders a consult's lens comes from (web tests).
 */

export const CONSULT_ID = 'c0115017-0000-4000-8000-000000000001';
export const PAST_ORDER_ID = '0a0a0a0a-1111-4222-8333-444444444444';

export const AMPLEYE: LensDesign = {
  lensId: 'ampleye',
  name: 'Ampleye',
  type: 'scleral',
  parameters: [
    {
      kind: 'number',
      key: 'sagittalDepth',
      label: 'Sagittal depth',
      unit: 'um',
      min: 3500,
      max: 6000,
      step: 50,
      required: true,
    },
    { kind: 'number', key: 'diameter', label: 'Diameter', unit: 'mm', min: 15, max: 18, step: 0.5, required: true },
    {
      kind: 'option',
      key: 'landingZone',
      label: 'Landing zone',
      options: [
        { value: 'spherical', label: 'Spherical' },
        { value: 'toric', label: 'Toric' },
        { value: 'quadrant', label: 'Quadrant-specific' },
      ],
      required: true,
    },
    {
      kind: 'number',
      key: 'limbalClearance',
      label: 'Limbal clearance',
      unit: 'um',
      min: 0,
      max: 300,
      step: 50,
      required: false,
    },
  ],
  description: 'Toric landing: rotation marks on the flat meridian.',
  priceCents: 32500,
  warrantyDays: 90,
  warranty: DEFAULT_WARRANTY_POLICY,
  active: true,
  version: 1,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
};

/** The Ampleye design as getConsultantSetup answers it (no prices), with the default settings. */
export const AMPLEYE_SETUP_DESIGN: ConsultantDesign = {
  lensId: 'ampleye',
  name: 'Ampleye',
  diameterMm: { min: 15, max: 18, step: 0.1 },
  sagUm: { min: 3000, max: 6000, step: 50 },
  landingTypes: ['spherical', 'toric', 'quadrant'],
};
export const CONSULTANT_SETUP: ConsultantSetup = {
  settings: DEFAULT_TROUBLESHOOTER_SETTINGS,
  designs: [AMPLEYE_SETUP_DESIGN],
};

const DAY_MS = 24 * 60 * 60 * 1000;

/** A shipped (closed) order of the Ampleye lens for OD, shipped `shippedDaysAgo` days before now. */
export function aShippedOrder(shippedDaysAgo: number, extra: Partial<Order> = {}): Order {
  const shippedAt = new Date(Date.now() - shippedDaysAgo * DAY_MS).toISOString();
  const { createdAt: _c, updatedAt: _u, active: _a, priceCents, ...snapshot } = AMPLEYE;
  return {
    orderId: PAST_ORDER_ID,
    orderNumber: 'LL-000042',
    accountNumber: 'LL-1001',
    status: 'closed',
    patient: 'Jordan Reyes',
    lines: [
      {
        eye: 'OD',
        lensId: 'ampleye',
        parameters: { sagittalDepth: 4500, diameter: 16.5, landingZone: 'toric' },
        quantity: 1,
        design: { ...snapshot, priceCents },
      },
    ],
    shipping: {
      method: 'express',
      shipTo: 'office',
      address: { address: '1 Main St', city: 'Springfield', state: 'IL', zip: '62701' },
    },
    attachments: [],
    history: [
      {
        at: shippedAt,
        action: 'close',
        from: 'approved',
        to: 'closed',
        by: { userId: 'a-1', name: 'Lab Admin', actor: 'lab' },
      },
    ],
    createdBy: { userId: 'u-1', name: 'Ann Lee' },
    createdAt: shippedAt,
    statusAt: shippedAt,
    updatedAt: shippedAt,
    version: 4,
    ...extra,
  };
}

export const aShippedSummary = (order: Order): OrderSummary => ({
  orderId: order.orderId,
  orderNumber: order.orderNumber,
  accountNumber: order.accountNumber,
  status: order.status,
  patient: order.patient,
  createdAt: order.createdAt,
  statusAt: order.statusAt,
  updatedAt: order.updatedAt,
  version: order.version,
  lenses: order.lines.map((l) => ({ eye: l.eye, name: l.design.name })),
});

/** Central clearance 450 µm after 30 minutes on a toric Ampleye: the rules answer "take sag off". */
export const OBSERVATIONS: TroubleshooterObservations = {
  lens: { lensId: 'ampleye', landing: 'toric', diameterMm: 16.5, sagUm: 4500 },
  minutesOnEye: 30,
  centralClearanceUm: 450,
  limbalClearanceUm: {},
  landing: [],
  impressionRing: false,
  rotationTest: 'not-done',
  tapTest: 'not-done',
  middayFogging: false,
};

export function aConsult(extra: Partial<CustomerConsult> = {}): CustomerConsult {
  return {
    consultId: CONSULT_ID,
    reference: 'AVC-000042',
    source: 'practice',
    status: 'new',
    accountNumber: 'LL-1001',
    requester: { userId: 'u-1', name: 'Ann Lee', email: 'ann@practice.test' },
    patient: 'Jordan Reyes',
    eye: 'OD',
    currentLens: { lensId: 'ampleye', designName: 'Ampleye', parameters: { sagittalDepth: 4500, diameter: 16.5 } },
    suggestions: [],
    question: 'Clearance looks high after 30 minutes. How much sag should come off?',
    orderIds: [],
    createdAt: '2025-03-01T10:00:00.000Z',
    statusAt: '2025-03-01T10:00:00.000Z',
    updatedAt: '2025-03-01T10:00:00.000Z',
    version: 0,
    ...extra,
  };
}

/** The lab's answer: 150 µm less sag on the same design. */
export const REPLY: NonNullable<CustomerConsult['reply']> = {
  text: 'Take 150 µm of sag off and keep the toric landing.',
  proposal: {
    lensId: 'ampleye',
    lensName: 'Ampleye',
    parameters: { sagittalDepth: 4350, diameter: 16.5, landingZone: 'toric' },
  },
  by: { name: 'Lab Consultant' },
  at: '2025-03-02T09:00:00.000Z',
};
