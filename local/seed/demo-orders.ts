import { describeError } from '../../core/describe-error';
import {
  saveOrderDraftInputSchema,
  submitOrderInputSchema,
  type Order,
  type OrderDraft,
  type OrderFields,
} from '../../core/schemas/orders';
import { DEFAULT_PRODUCTION_SETTINGS } from '../../core/schemas/production-settings';
import type { Identity } from '../../lambdas/auth/verify-token';
import { NO_AUDIT } from '../../lambdas/audit/audit-trail';
import type { AttachedFiles } from '../../lambdas/ports/attached-files';
import type { OrdersRepository } from '../../lambdas/ports/orders-repository';
import { addBusinessDays, localDay } from '../../core/rules/ship-date';
import { checkTrackingNumber, type Carrier } from '../../core/rules/tracking-numbers';
import { applyParcelEvent } from '../../lambdas/use-cases/orders/apply-parcel-event';
import { changeOrderStatus, type StatusAction } from '../../lambdas/use-cases/orders/change-order-status';
import { moveOrderStages } from '../../lambdas/use-cases/orders/move-order-stages';
import { recordOrderDelay } from '../../lambdas/use-cases/orders/record-order-delay';
import type { OrderDeps } from '../../lambdas/use-cases/orders/order-deps';
import { saveOrderDraft } from '../../lambdas/use-cases/orders/save-order-draft';
import { submitOrder } from '../../lambdas/use-cases/orders/submit-order';
import { DEMO_CUSTOMERS, DEMO_USERS, type DemoUser } from './demo-data';

/**
 * Demo orders, so a fresh `npm start` shows a portal in use: every status, a queue with waiting orders, a
 * timeline on each order and bars in the admin dashboard's orders-per-week chart. They are placed through
 * the same use cases as the API (submitOrder, changeOrderStatus with the demo admin as the lab,
 * saveOrderDraft), so order numbers, counters and history agree with everything the portal writes later;
 * only the clock is scripted (dates over the last six weeks) and the writes store no emails (seeding must
 * not fill the dev mailbox). Fixed order ids make it idempotent: an order that exists is left alone, so a
 * restart neither duplicates nor moves an order the demo user has changed since.
 */

export type DemoOrderDeps = Pick<OrderDeps, 'orders' | 'users' | 'customers' | 'lenses'>;
type DemoUserIds = Record<DemoUser['key'], { userId: string; email: string }>;
type LensLine = OrderFields['lines'][number];

/** A parcel the demo lab shipped: a made-up number of the carrier that passes its check (demoTrackingNumber). */
interface DemoParcel {
  carrier: Carrier;
  serial: number;
}

/** Days before the seed runs, and the UTC hour (US business hours), so every step is in the past. */
interface StepTime {
  daysAgo: number;
  hour: number;
}

type Step = StepTime &
  (
    | { action: StatusAction; note?: string; invoiceNumber?: string; parcels?: DemoParcel[] }
    /** The lab moves the order to a work stage (moveOrderStages). */
    | { action: 'stage'; to: string }
    /** The lab moves the ship date `businessDays` later than promised (or than today) and says why (recordOrderDelay). */
    | { action: 'delay'; reason: string; businessDays: number }
    /** The carrier reports every parcel of the order (applyParcelEvent), as its webhook would. */
    | { action: 'parcel'; status: 'in-transit' | 'delivered'; description: string }
  );

export interface DemoOrder {
  orderId: string;
  /** Brightview's demo customer or Harbor Vision's. */
  placedBy: 'customer' | 'secondPractice';
  accountNumber: string;
  /** When it was submitted, with the fields submitted (absent for the draft, which is only saved). */
  submitted?: { daysAgo: number; hour: number };
  fields?: OrderFields;
  steps?: Step[];
  /** The one demo draft: saved, never submitted. */
  draft?: { daysAgo: number; hour: number; values: OrderDraft };
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The invoice number a demo order is closed with, if the demo lab ships it. */
export function demoInvoiceNumber(demo: DemoOrder): string | undefined {
  for (const step of demo.steps ?? []) if (step.action === 'close') return step.invoiceNumber;
  return undefined;
}

/** Each carrier's number before its check digit, from a serial: UPS 1Z + 15, FedEx 11 digits, USPS IMpb 94 + 19. */
const TRACKING_PAYLOADS: Record<Carrier, (serial: string) => string> = {
  ups: (serial) => `1Z4W7E82${serial.padStart(9, '0')}`.slice(0, 17),
  fedex: (serial) => `7748${serial.padStart(7, '0')}`,
  usps: (serial) => `9400111${serial.padStart(14, '0')}`,
};

/** A made-up number of `carrier` that passes its check digit: the same for the same serial, so reseeds agree. */
export function demoTrackingNumber({ carrier, serial }: DemoParcel): string {
  const payload = TRACKING_PAYLOADS[carrier](String(serial));
  for (let digit = 0; digit < 10; digit += 1) {
    const checked = checkTrackingNumber(carrier, `${payload}${digit}`);
    if (checked.ok) return checked.number;
  }
  throw new Error(`No ${carrier} check digit fits ${payload}`);
}

const shippingOf = (accountNumber: string, method: 'standard' | 'express' | 'overnight' = 'standard') => {
  const customer = DEMO_CUSTOMERS.find((c) => c.accountNumber === accountNumber);
  if (!customer?.shippingAddress) throw new Error(`No demo practice ${accountNumber}`);
  return { method, shipTo: 'office' as const, address: { ...customer.shippingAddress } };
};

const line = (eye: 'OD' | 'OS', lensId: string, parameters: LensLine['parameters'], notes?: string): LensLine => ({
  eye,
  lensId,
  parameters,
  quantity: 1,
  ...(notes ? { notes } : {}),
});

export const HORIZON_OD = {
  sagittalDepth: 4250,
  diameter: 16.5,
  sphere: -4.5,
  landingZone: 'toric',
  landingZoneSteps: 4,
  limbalClearance: 100,
  material: 'optimum-infinite',
  surfaceTreatment: 'hydra-peg',
  dot: 'od',
};
const HORIZON_OS = {
  sagittalDepth: 4300,
  diameter: 16.5,
  sphere: -3.75,
  cylinder: -1.25,
  axis: 95,
  landingZone: 'toric',
  landingZoneSteps: 4,
  material: 'optimum-infinite',
  surfaceTreatment: 'hydra-peg',
};

/** The first demo order: the reorder below points at it. */
export const ELEANOR_FIRST_FIT = '5d2c7a10-3f4e-4b8a-9c61-0a1b2c3d4e01';

/** A Brightview scleral pair submitted `daysAgo` days ago, then `steps`: the orders behind the on-time rate. */
function historyOrder(orderId: string, patient: string, daysAgo: number, steps: Step[]): DemoOrder {
  return {
    orderId,
    placedBy: 'customer',
    accountNumber: 'BV-1002',
    submitted: { daysAgo, hour: 15 },
    fields: {
      patient,
      lines: [
        line('OD', 'scleral-mini', { baseCurve: 7.8, diameter: 15.2, sphere: -2.5, material: 'boston-xo2' }),
        line('OS', 'scleral-mini', { baseCurve: 7.8, diameter: 15.2, sphere: -2.25, material: 'boston-xo2' }),
      ],
      shipping: shippingOf('BV-1002'),
    },
    steps,
  };
}

/** In the order they were submitted, so order numbers rise with the dates as they would have. */
export const DEMO_ORDERS: DemoOrder[] = [
  {
    // Shipped long ago on a 120-day design: its warranty ends in about ten days (Lens Credit's "ends soon").
    orderId: '5d2c7a10-3f4e-4b8a-9c61-0a1b2c3d4e20',
    placedBy: 'customer',
    accountNumber: 'BV-1001',
    submitted: { daysAgo: 116, hour: 15 },
    fields: {
      patient: 'Marcus Bell',
      poNumber: 'BV-PO-3207',
      lines: [
        line('OD', 'scleral-mini', { baseCurve: 7.8, diameter: 15.2, sphere: -1.75, material: 'boston-xo2' }),
        line('OS', 'scleral-mini', { baseCurve: 7.85, diameter: 15.2, sphere: -2, material: 'boston-xo2' }),
      ],
      shipping: shippingOf('BV-1001'),
    },
    steps: [
      { daysAgo: 115, hour: 15, action: 'approve' },
      { daysAgo: 110, hour: 21, action: 'close', invoiceNumber: 'INV-24655', parcels: [{ carrier: 'ups', serial: 1 }] },
      { daysAgo: 108, hour: 18, action: 'parcel', status: 'delivered', description: 'Delivered, Front Desk/Reception' },
    ],
  },
  // Three months of shipped orders behind the dashboard's on-time rate: two on time, one late after a delay.
  historyOrder('5d2c7a10-3f4e-4b8a-9c61-0a1b2c3d4e21', 'Grace Okafor', 80, [
    { daysAgo: 79, hour: 15, action: 'approve' },
    { daysAgo: 77, hour: 16, action: 'stage', to: 'lathing' },
    { daysAgo: 75, hour: 21, action: 'close', invoiceNumber: 'INV-24702', parcels: [{ carrier: 'fedex', serial: 6 }] },
    { daysAgo: 73, hour: 19, action: 'parcel', status: 'delivered', description: 'Delivered, Left at front door' },
  ]),
  historyOrder('5d2c7a10-3f4e-4b8a-9c61-0a1b2c3d4e22', 'Daniel Reyes', 62, [
    { daysAgo: 61, hour: 15, action: 'approve' },
    { daysAgo: 59, hour: 16, action: 'stage', to: 'lathing' },
    { daysAgo: 57, hour: 17, action: 'stage', to: 'polishing' },
    {
      daysAgo: 56,
      hour: 18,
      action: 'delay',
      reason: 'The Boston XO2 buttons are back-ordered at the supplier; lathing again when they arrive.',
      businessDays: 8,
    },
    { daysAgo: 46, hour: 21, action: 'close', invoiceNumber: 'INV-24744', parcels: [{ carrier: 'ups', serial: 7 }] },
    { daysAgo: 44, hour: 18, action: 'parcel', status: 'delivered', description: 'Delivered, Front Desk/Reception' },
  ]),
  historyOrder('5d2c7a10-3f4e-4b8a-9c61-0a1b2c3d4e23', 'Priya Raman', 50, [
    { daysAgo: 49, hour: 15, action: 'approve' },
    { daysAgo: 45, hour: 21, action: 'close', invoiceNumber: 'INV-24771', parcels: [{ carrier: 'usps', serial: 8 }] },
    { daysAgo: 42, hour: 17, action: 'parcel', status: 'delivered', description: 'Delivered, In/At Mailbox' },
  ]),
  {
    orderId: ELEANOR_FIRST_FIT,
    placedBy: 'customer',
    accountNumber: 'BV-1001',
    submitted: { daysAgo: 40, hour: 16 },
    fields: {
      patient: 'Eleanor Vance',
      poNumber: 'BV-PO-3312',
      lines: [line('OD', 'scleral-horizon', HORIZON_OD), line('OS', 'scleral-horizon', HORIZON_OS)],
      shipping: shippingOf('BV-1001'),
      notes: 'Keratoconus OU, post cross-linking. First scleral fit from the diagnostic set.',
    },
    steps: [
      { daysAgo: 39, hour: 15, action: 'approve' },
      { daysAgo: 37, hour: 16, action: 'stage', to: 'lathing' },
      { daysAgo: 36, hour: 17, action: 'stage', to: 'polishing' },
      { daysAgo: 35, hour: 15, action: 'stage', to: 'surface-treatment' },
      { daysAgo: 34, hour: 16, action: 'stage', to: 'quality-check' },
      {
        daysAgo: 33,
        hour: 21,
        action: 'close',
        invoiceNumber: 'INV-24817',
        parcels: [
          { carrier: 'ups', serial: 2 },
          { carrier: 'ups', serial: 3 },
        ],
      },
      { daysAgo: 31, hour: 18, action: 'parcel', status: 'delivered', description: 'Delivered, Front Desk/Reception' },
    ],
  },
  {
    orderId: '5d2c7a10-3f4e-4b8a-9c61-0a1b2c3d4e10',
    placedBy: 'secondPractice',
    accountNumber: 'HV-2001',
    submitted: { daysAgo: 31, hour: 14 },
    fields: {
      patient: 'Walter Nguyen',
      lines: [
        line('OD', 'scleral-mini', { baseCurve: 7.85, diameter: 15.2, sphere: -2, material: 'boston-xo2' }),
        line('OS', 'scleral-mini', {
          baseCurve: 7.9,
          diameter: 15.2,
          sphere: -2.25,
          cylinder: -0.75,
          axis: 170,
          material: 'boston-xo2',
        }),
      ],
      shipping: shippingOf('HV-2001'),
    },
    steps: [
      { daysAgo: 30, hour: 17, action: 'approve' },
      {
        daysAgo: 24,
        hour: 20,
        action: 'close',
        invoiceNumber: 'INV-24960',
        parcels: [{ carrier: 'fedex', serial: 4 }],
      },
      { daysAgo: 22, hour: 19, action: 'parcel', status: 'delivered', description: 'Delivered, Left at front door' },
    ],
  },
  {
    orderId: '5d2c7a10-3f4e-4b8a-9c61-0a1b2c3d4e02',
    placedBy: 'customer',
    accountNumber: 'BV-1002',
    submitted: { daysAgo: 27, hour: 18 },
    fields: {
      patient: 'Marcus Bell',
      lines: [
        line('OD', 'gp-multifocal', {
          baseCurve: 7.65,
          diameter: 9.6,
          sphere: 1.25,
          add: 2,
          material: 'optimum-extra',
          colour: 'clear',
        }),
      ],
      shipping: shippingOf('BV-1002'),
    },
    steps: [
      {
        daysAgo: 26,
        hour: 15,
        action: 'cancel',
        note: 'Patient decided to stay in his current lenses for now.',
      },
    ],
  },
  {
    orderId: '5d2c7a10-3f4e-4b8a-9c61-0a1b2c3d4e03',
    placedBy: 'customer',
    accountNumber: 'BV-1002',
    submitted: { daysAgo: 20, hour: 17 },
    fields: {
      patient: 'Priya Raman',
      poNumber: 'BV-PO-3358',
      lines: [
        line('OD', 'scleral-horizon', {
          sagittalDepth: 3650,
          diameter: 18.5,
          sphere: -1.25,
          landingZone: 'quadrant',
          material: 'contamac-hexafocon-b',
          surfaceTreatment: 'plasma',
        }),
      ],
      shipping: shippingOf('BV-1002', 'express'),
    },
    steps: [
      {
        daysAgo: 19,
        hour: 16,
        action: 'reject',
        note: 'A quadrant-specific 18.5 mm design needs a scleral profile scan; please reorder with the sMap3D or Eaglet export attached.',
      },
    ],
  },
  // Still in production well past its ship date: the lab's queue shows it Late.
  historyOrder('5d2c7a10-3f4e-4b8a-9c61-0a1b2c3d4e24', 'Hannah Brooks', 16, [
    { daysAgo: 15, hour: 15, action: 'approve' },
    { daysAgo: 13, hour: 16, action: 'stage', to: 'lathing' },
    { daysAgo: 11, hour: 17, action: 'stage', to: 'polishing' },
  ]),
  {
    orderId: '5d2c7a10-3f4e-4b8a-9c61-0a1b2c3d4e04',
    placedBy: 'customer',
    accountNumber: 'BV-1001',
    submitted: { daysAgo: 12, hour: 19 },
    fields: {
      patient: 'Hannah Okoro',
      poNumber: 'BV-PO-3391',
      lines: [
        line('OD', 'gp-precision', {
          baseCurve: 7.8,
          diameter: 9.6,
          opticZone: 7.8,
          sphere: -3.25,
          material: 'boston-xo',
          colour: 'blue',
          dot: 'od',
        }),
        line('OS', 'gp-precision', {
          baseCurve: 7.74,
          diameter: 9.6,
          sphere: -2.75,
          cylinder: -0.75,
          axis: 180,
          centreThickness: 0.16,
          material: 'boston-xo',
          colour: 'blue',
        }),
      ],
      shipping: shippingOf('BV-1001'),
    },
    steps: [
      { daysAgo: 11, hour: 15, action: 'approve', note: 'Lathe slot Thursday.' },
      // Shipped days ago: well inside the design's 90 warranty days, so a warranty remake can be tried.
      { daysAgo: 5, hour: 21, action: 'close', invoiceNumber: 'INV-25102', parcels: [{ carrier: 'usps', serial: 5 }] },
      {
        daysAgo: 4,
        hour: 14,
        action: 'parcel',
        status: 'in-transit',
        description: 'Arrived at USPS Regional Facility',
      },
    ],
  },
  {
    orderId: '5d2c7a10-3f4e-4b8a-9c61-0a1b2c3d4e11',
    placedBy: 'secondPractice',
    accountNumber: 'HV-2001',
    submitted: { daysAgo: 9, hour: 14 },
    fields: {
      patient: 'Sofia Marchetti',
      lines: [
        line('OD', 'hybrid-clarity', { vault: 250, skirtCurve: 'medium', diameter: 14.5, sphere: -5.25, add: 1.5 }),
        line('OS', 'hybrid-clarity', { vault: 300, skirtCurve: 'medium', diameter: 14.5, sphere: -5, add: 1.5 }),
      ],
      shipping: shippingOf('HV-2001'),
    },
    steps: [
      { daysAgo: 8, hour: 16, action: 'approve' },
      { daysAgo: 7, hour: 15, action: 'stage', to: 'lathing' },
      { daysAgo: 6, hour: 15, action: 'stage', to: 'polishing' },
      {
        daysAgo: 6,
        hour: 20,
        action: 'delay',
        reason: 'Remade in the lab after a chip at polishing; the new pair is on the lathe.',
        businessDays: 4,
      },
    ],
  },
  {
    orderId: '5d2c7a10-3f4e-4b8a-9c61-0a1b2c3d4e05',
    placedBy: 'customer',
    accountNumber: 'BV-1002',
    submitted: { daysAgo: 6, hour: 17 },
    fields: {
      patient: 'Leo Fischer (age 11)',
      lines: [
        line('OD', 'orthok-nightshape', {
          targetRefraction: -3,
          baseCurve: 8.65,
          returnZoneDepth: 535,
          landingZoneAngle: 33.5,
          diameter: 10.6,
          opticZone: 6,
          material: 'boston-xo',
          colour: 'green',
        }),
        line('OS', 'orthok-nightshape', {
          targetRefraction: -2.75,
          baseCurve: 8.6,
          returnZoneDepth: 530,
          landingZoneAngle: 33.5,
          diameter: 10.6,
          opticZone: 6,
          material: 'boston-xo',
          colour: 'blue',
        }),
      ],
      shipping: shippingOf('BV-1002'),
      notes: 'Myopia control. Parent asked for different colors per eye.',
    },
    steps: [
      { daysAgo: 5, hour: 15, action: 'approve' },
      { daysAgo: 4, hour: 16, action: 'stage', to: 'lathing' },
    ],
  },
  {
    orderId: '5d2c7a10-3f4e-4b8a-9c61-0a1b2c3d4e06',
    placedBy: 'customer',
    accountNumber: 'BV-1001',
    submitted: { daysAgo: 4, hour: 16 },
    fields: {
      patient: 'Grace Whitfield',
      lines: [
        line('OS', 'scleral-horizon', {
          sagittalDepth: 4720,
          diameter: 17,
          sphere: -9.5,
          cylinder: -2.5,
          axis: 15,
          landingZone: 'toric',
          landingZoneSteps: 6,
          material: 'boston-xo2',
          surfaceTreatment: 'hydra-peg',
        }),
      ],
      shipping: shippingOf('BV-1001', 'express'),
    },
    steps: [
      {
        daysAgo: 3,
        hour: 15,
        action: 'hold',
        note: 'The 4720 um sag is 300 um deeper than the diagnostic lens you noted. Could you send the OCT image of the limbal clearance before we cut?',
      },
    ],
  },
  {
    orderId: '5d2c7a10-3f4e-4b8a-9c61-0a1b2c3d4e12',
    placedBy: 'secondPractice',
    accountNumber: 'HV-2001',
    submitted: { daysAgo: 3, hour: 19 },
    fields: {
      patient: 'Daniel Osei',
      poNumber: 'HV-7781',
      lines: [
        line('OD', 'gp-precision', {
          baseCurve: 7.45,
          diameter: 9.4,
          sphere: -6.75,
          material: 'optimum-infinite',
          colour: 'grey',
        }),
      ],
      shipping: shippingOf('HV-2001'),
    },
  },
  {
    orderId: '5d2c7a10-3f4e-4b8a-9c61-0a1b2c3d4e07',
    placedBy: 'customer',
    accountNumber: 'BV-1002',
    submitted: { daysAgo: 2, hour: 18 },
    fields: {
      patient: 'Tomás Alvarez',
      poNumber: 'BV-PO-3420',
      lines: [
        line('OD', 'soft-custom-toric', {
          baseCurve: 8.6,
          diameter: 14.5,
          sphere: -1.5,
          cylinder: -3.25,
          axis: 10,
          material: 'definitive-74',
          tint: 'light-blue',
        }),
        line('OS', 'soft-custom-toric', {
          baseCurve: 8.6,
          diameter: 14.5,
          sphere: -1.75,
          cylinder: -3.75,
          axis: 170,
          material: 'definitive-74',
          tint: 'light-blue',
        }),
      ],
      shipping: shippingOf('BV-1002'),
    },
  },
  {
    orderId: '5d2c7a10-3f4e-4b8a-9c61-0a1b2c3d4e08',
    placedBy: 'customer',
    accountNumber: 'BV-1001',
    submitted: { daysAgo: 1, hour: 17 },
    fields: {
      patient: 'Eleanor Vance',
      poNumber: 'BV-PO-3431',
      // A reorder of her first fit with a deeper OD sag: the order detail shows what changed.
      lines: [
        line('OD', 'scleral-horizon', { ...HORIZON_OD, sagittalDepth: 4310 }, 'Spare pair; OD sag up 60 um.'),
        line('OS', 'scleral-horizon', HORIZON_OS),
      ],
      shipping: shippingOf('BV-1001'),
      remake: { kind: 'reorder', ofOrderId: ELEANOR_FIRST_FIT },
    },
  },
  {
    orderId: '5d2c7a10-3f4e-4b8a-9c61-0a1b2c3d4e09',
    placedBy: 'customer',
    accountNumber: 'BV-1001',
    draft: {
      daysAgo: 1,
      hour: 20,
      values: {
        patient: 'Theo Marsh',
        lines: [{ eye: 'OD', lensId: 'gp-multifocal', parameters: { baseCurve: 7.7, diameter: 9.8, sphere: 0.5 } }],
        shipping: { method: 'standard', shipTo: 'office' },
      },
    },
  },
];

/**
 * The orders store with every write's notices left out: the demo orders' emails would only bury the sign-up
 * codes in the dev mailbox.
 */
function withoutNotices(orders: OrdersRepository): OrdersRepository {
  return {
    write: ({ notices: _unsent, ...write }) => orders.write(write),
    get: (orderId) => orders.get(orderId),
    removeDraft: (orderId, expectedVersion) => orders.removeDraft(orderId, expectedVersion),
    sequenceValue: () => orders.sequenceValue(),
    listByAccount: (query) => orders.listByAccount(query),
    listByStatus: (query) => orders.listByStatus(query),
    counters: (names) => orders.counters(names),
    findParcel: (key) => orders.findParcel(key),
    keepParcelTracker: (key, owner) => orders.keepParcelTracker(key, owner),
  };
}

/** Demo orders carry no uploaded files. */
const noFiles: Pick<AttachedFiles, 'list'> = { list: async () => [] };

function identityOf(user: { userId: string; email: string }, key: DemoUser['key']): Identity {
  const demo = DEMO_USERS.find((u) => u.key === key)!;
  const seconds = Math.floor(Date.now() / 1000);
  return {
    userId: user.userId,
    email: user.email,
    emailVerified: true,
    groups: demo.groups,
    authTime: seconds,
    issuedAt: seconds,
  };
}

/** A moment `daysAgo` days before `now` at `hour`:xx UTC; always in the past for daysAgo >= 1. */
export function demoTime(now: Date, daysAgo: number, hour: number, minute = 0): Date {
  const day = new Date(now.getTime() - daysAgo * DAY_MS);
  return new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), hour, minute));
}

/**
 * The seed's reads of users, designs and practices, each made once: nothing changes them while it runs, and
 * every use case call would otherwise read them again (the seed must keep `npm start` fast).
 */
function cachedReads(deps: DemoOrderDeps): DemoOrderDeps {
  const once = <T>(get: (key: string) => Promise<T>) => {
    const seen = new Map<string, Promise<T>>();
    return (key: string) => {
      if (!seen.has(key)) seen.set(key, get(key));
      return seen.get(key)!;
    };
  };
  const { users, customers, lenses } = deps;
  return {
    orders: deps.orders,
    users: { get: once((id) => users.get(id)) },
    customers: { get: once((account) => customers.get(account)) },
    lenses: { get: once((lensId) => lenses.get(lensId)) },
  };
}

const describeFailure = (demo: DemoOrder, error: unknown) =>
  `Demo order for ${demo.fields?.patient ?? demo.draft?.values.patient ?? demo.orderId} not seeded: ${
    describeError(error).message
  }`;

/**
 * Places the demo orders that are not in the table yet: first every submit (and the draft) one after the
 * other in date order, so order numbers rise with the dates; then each order's later changes, the orders
 * side by side (each its own clock). An order the use cases refuse (say, a super admin deactivated its
 * design before a re-seed) is reported and left out: demo data never stops the portal starting.
 */
export async function seedDemoOrders(
  deps: DemoOrderDeps,
  users: DemoUserIds,
  options: { now?: Date; warn?: (message: string) => void } = {},
): Promise<{ created: string[]; skipped: string[] }> {
  const now = options.now ?? new Date();
  const warn = options.warn ?? ((message: string) => console.warn(message));
  const lab = identityOf(users.admin, 'admin');
  const reads = { ...cachedReads(deps), orders: withoutNotices(deps.orders) };
  const exists = await Promise.all(DEMO_ORDERS.map(async (demo) => (await deps.orders.get(demo.orderId)) !== null));
  const skipped = DEMO_ORDERS.filter((_, i) => exists[i]).map((demo) => demo.orderId);

  const placed: { demo: DemoOrder; order: Order | null; run: OrderDeps; at: (d: number, h: number) => void }[] = [];
  for (const [index, demo] of DEMO_ORDERS.entries()) {
    if (exists[index]) continue;
    // Minutes differ per order, so two orders of one day never share a timestamp.
    let clock = new Date(0);
    const at = (daysAgo: number, hour: number) => {
      clock = demoTime(now, daysAgo, hour, (index * 7) % 60);
    };
    // Contended counter writes (the later changes run side by side) retry at once: no one else is waiting.
    const run: OrderDeps = {
      ...reads,
      files: noFiles,
      // The demo orders hold no warranty remake, the one reader of claims.
      claims: { listAccountClaims: async () => [] },
      log: console,
      // The lab's demo decisions are seed data, not changes anyone made.
      audit: NO_AUDIT,
      // The seed runs on a fresh stack, before any super admin could set the lab's own calendar.
      production: { get: async () => DEFAULT_PRODUCTION_SETTINGS },
      now: () => clock,
      sleep: async () => {},
    };
    const practice = identityOf(users[demo.placedBy], demo.placedBy);
    try {
      if (demo.draft) {
        at(demo.draft.daysAgo, demo.draft.hour);
        const input = saveOrderDraftInputSchema.parse({
          orderId: demo.orderId,
          accountNumber: demo.accountNumber,
          draft: demo.draft.values,
        });
        await saveOrderDraft(practice, input, run);
        placed.push({ demo, order: null, run, at });
      } else if (demo.submitted && demo.fields) {
        at(demo.submitted.daysAgo, demo.submitted.hour);
        const input = submitOrderInputSchema.parse({
          orderId: demo.orderId,
          accountNumber: demo.accountNumber,
          order: demo.fields,
        });
        placed.push({ demo, order: await submitOrder(practice, input, run), run, at });
      }
    } catch (error) {
      warn(describeFailure(demo, error));
    }
  }

  /** One later change of a demo order, through the use case the API would call; the order as it leaves it. */
  const applyStep = async (demo: DemoOrder, step: Step, order: Order, run: OrderDeps): Promise<Order | null> => {
    const ref = { orderId: demo.orderId, version: order.version };
    switch (step.action) {
      case 'stage':
        await moveOrderStages(lab, { moves: [{ ...ref, to: step.to }] }, run);
        return deps.orders.get(demo.orderId);
      case 'delay': {
        // Later than promised by that many business days, and never before today (the rule refuses it).
        const { calendar } = await run.production.get();
        const from = [order.promise?.shipBy ?? '', localDay(run.now(), calendar.timeZone)].sort()[1]!;
        const shipBy = addBusinessDays(from, step.businessDays, calendar);
        return recordOrderDelay(lab, { ...ref, reason: step.reason, shipBy }, run);
      }
      case 'parcel':
        for (const [index, parcel] of (order.parcels ?? []).entries())
          await applyParcelEvent(
            {
              eventId: `demo-${demo.orderId}-${index}-${step.status}`,
              trackerId: `trk_demo_${parcel.trackingNumber}`,
              carrier: parcel.carrier,
              trackingNumber: parcel.trackingNumber,
              status: step.status,
              occurredAt: run.now().toISOString(),
              description: step.description,
            },
            run,
          );
        return deps.orders.get(demo.orderId);
      default: {
        const actor =
          step.action === 'cancel' || step.action === 'resubmit'
            ? identityOf(users[demo.placedBy], demo.placedBy)
            : lab;
        const shipment =
          step.action === 'close'
            ? {
                parcels: (step.parcels ?? []).map((parcel) => ({
                  carrier: parcel.carrier,
                  trackingNumber: demoTrackingNumber(parcel),
                })),
              }
            : undefined;
        return changeOrderStatus(
          step.action,
          actor,
          { ...ref, note: step.note, invoiceNumber: step.invoiceNumber, shipment },
          run,
        );
      }
    }
  };

  const done = await Promise.all(
    placed.map(async ({ demo, order, run, at }) => {
      try {
        let current = order;
        for (const step of demo.steps ?? []) {
          if (!current) break;
          at(step.daysAgo, step.hour);
          current = await applyStep(demo, step, current, run);
        }
        return demo.orderId;
      } catch (error) {
        warn(describeFailure(demo, error));
        return null;
      }
    }),
  );
  return { created: done.filter((id): id is string => id !== null), skipped };
}
