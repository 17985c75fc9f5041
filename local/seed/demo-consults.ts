import { describeError } from '../../core/describe-error';
import {
  replyToConsultInputSchema,
  submitConsultInputSchema,
  submitPublicConsultInputSchema,
  type SubmitConsultInput,
  type SubmitPublicConsultInput,
} from '../../core/schemas/consults';
import type { Identity } from '../../lambdas/auth/verify-token';
import type { Logger } from '../../lambdas/ports/logger';
import type { ConsultantSettingsStore, ConsultStore } from '../../lambdas/ports/consult-store';
import type { RateLimiter } from '../../lambdas/ports/rate-limiter';
import type { ConsultDeps } from '../../lambdas/use-cases/consults/consult-deps';
import { replyToConsult } from '../../lambdas/use-cases/consults/reply-to-consult';
import { submitConsult } from '../../lambdas/use-cases/consults/submit-consult';
import { submitPublicConsult } from '../../lambdas/use-cases/consults/submit-public-consult';
import type { OrderDeps } from '../../lambdas/use-cases/orders/order-deps';
import type { DemoUser } from './demo-data';
import { demoTime, ELEANOR_FIRST_FIT, HORIZON_OD } from './demo-orders';
import { systemClock } from '../../lambdas/kernel/clock';

/**
 * Demo consults, so the Consults pages and the lab's queue show the virtual consultant in use: Brightview's
 * two answered requests (one about the lens of a shipped order still in its warranty, answered with an
 * Ampleye proposal, so "Order this" opens a warranty remake), one waiting for the lab, and a visitor's lead.
 * Sent and answered through the consult use cases (the suggestions are the rules' own) with a scripted clock,
 * storing no notices (nobody is told about demo data). Idempotent: a consult that exists is left alone (one still new at version 0 whose
 * answer is missing gets it).
 */

type DemoUserIds = Record<DemoUser['key'], { userId: string; email: string }>;
export type DemoConsultDeps = Pick<OrderDeps, 'orders' | 'users' | 'customers' | 'lenses'> & {
  consults: ConsultStore;
  settings: ConsultantSettingsStore;
};

interface DemoAnswer {
  daysAgo: number;
  hour: number;
  text: string;
  proposal: { lensId: string; parameters: Record<string, number | string> };
}

export interface DemoConsult {
  sent: { daysAgo: number; hour: number };
  /** A practice's request (Brightview's demo fitter) or a visitor's. */
  request: { practice: SubmitConsultInput } | { visitor: SubmitPublicConsultInput };
  answer?: DemoAnswer;
}

const ACCOUNT = 'BV-1001';
/** The store with the notices of every write left out. */
const withoutNotices = (store: ConsultStore): ConsultStore =>
  Object.assign(Object.create(store) as ConsultStore, {
    create: (fields: Parameters<ConsultStore['create']>[0]) => store.create(fields),
    update: (consult: Parameters<ConsultStore['update']>[0], expectedVersion: number) =>
      store.update(consult, expectedVersion),
  });
const QUIET_LOG: Pick<Logger, 'info' | 'warn' | 'error'> = { info: () => {}, warn: () => {}, error: () => {} };
/** The seed is not a visitor: the public limits are for the API. */
const NO_LIMIT: RateLimiter = { consume: async () => true };

export const DEMO_CONSULTS: DemoConsult[] = [
  {
    sent: { daysAgo: 6, hour: 15 },
    request: {
      practice: {
        consultId: '6e3d8b21-4a5f-4c9b-8d72-1b2c3d4e5f01',
        accountNumber: ACCOUNT,
        patientReference: 'Eleanor Vance',
        eye: 'OD',
        currentLens: {
          fromOrderId: ELEANOR_FIRST_FIT,
          lensId: 'scleral-horizon',
          designName: 'Horizon Scleral',
          parameters: HORIZON_OD,
        },
        observations: {
          lens: { diameterMm: 16.5, sagUm: 4250, landing: 'toric' },
          minutesOnEye: 240,
          centralClearanceUm: 390,
          landing: [
            { hour: 3, finding: 'blanching' },
            { hour: 9, finding: 'blanching' },
            { hour: 12, finding: 'edge-lift' },
            { hour: 6, finding: 'edge-lift' },
          ],
          rotationTest: 'returns-fast',
        },
        question:
          'Comfortable for the first hours, but after 4 h I still see about 390 µm centrally, blanching at 3 and 9 ' +
          'and lift at 12 and 6. Would the Ampleye with a steeper toric landing suit her better?',
      },
    },
    answer: {
      daysAgo: 5,
      hour: 14,
      text:
        'Yes: the pattern says the landing needs more toricity. We propose the Ampleye at 16.5 mm with 150 µm ' +
        'of landing toricity and 100 µm less sag, which brings the settled clearance near 250 µm. Power unchanged.',
      proposal: {
        lensId: 'ampleye',
        parameters: {
          sagittalDepth: 4150,
          diameter: 16.5,
          landingZone: 'toric',
          landingZoneToricity: 150,
          limbalClearance: 100,
          sphere: -4.5,
          material: 'optimum-infinite',
          surfaceTreatment: 'hydra-peg',
        },
      },
    },
  },
  {
    sent: { daysAgo: 4, hour: 17 },
    request: {
      practice: {
        consultId: '6e3d8b21-4a5f-4c9b-8d72-1b2c3d4e5f02',
        accountNumber: ACCOUNT,
        patientReference: 'PR-0412',
        eye: 'OS',
        currentLens: {
          lensId: 'ampleye',
          designName: 'Ampleye',
          parameters: {
            sagittalDepth: 4400,
            diameter: 16,
            landingZone: 'spherical',
            sphere: -3,
            material: 'boston-xo2',
            surfaceTreatment: 'plasma',
          },
        },
        observations: {
          lens: { lensId: 'ampleye', diameterMm: 16, sagUm: 4400, landing: 'spherical' },
          minutesOnEye: 30,
          centralClearanceUm: 160,
          limbalClearanceUm: { superior: 250 },
          middayFogging: true,
        },
        question: 'She fogs by lunchtime and the clearance looks low already at 30 minutes. What would you change?',
      },
    },
    answer: {
      daysAgo: 3,
      hour: 16,
      text:
        'Add 150 µm of sag so the lens settles near the target, and bring the limbal clearance down to 50 µm for ' +
        'the fogging. Keep the spherical landing.',
      proposal: {
        lensId: 'ampleye',
        parameters: {
          sagittalDepth: 4550,
          diameter: 16,
          landingZone: 'spherical',
          limbalClearance: 50,
          sphere: -3,
          material: 'boston-xo2',
          surfaceTreatment: 'plasma',
        },
      },
    },
  },
  {
    sent: { daysAgo: 1, hour: 18 },
    request: {
      practice: {
        consultId: '6e3d8b21-4a5f-4c9b-8d72-1b2c3d4e5f03',
        accountNumber: ACCOUNT,
        patientReference: 'TM-2208',
        eye: 'OD',
        currentLens: { lensId: 'ampleye', designName: 'Ampleye', parameters: { sagittalDepth: 4300, diameter: 15.5 } },
        observations: {
          lens: { lensId: 'ampleye', diameterMm: 15.5, sagUm: 4300, landing: 'toric' },
          minutesOnEye: 45,
          centralClearanceUm: 280,
          landing: [{ hour: 6, finding: 'impingement' }],
          impressionRing: true,
        },
        question: 'An impression ring with redness after removal, and the edge digs in at 6. Larger diameter?',
      },
    },
  },
  {
    sent: { daysAgo: 2, hour: 20 },
    request: {
      visitor: {
        consultId: '6e3d8b21-4a5f-4c9b-8d72-1b2c3d4e5f04',
        practiceName: 'Lakeside Optometry',
        contactName: 'Dr. Kim Lee',
        email: 'kim.lee@lakeside-optometry.test',
        phone: '555-0142',
        licenceNumber: 'OD-48213',
        patientInitials: 'KJ',
        eye: 'OS',
        currentLens: { designName: 'Another lab’s scleral, 16.0 mm', parameters: {} },
        question: 'We are new to the Ampleye. Could you help with a first lens for a post-graft patient?',
      },
    },
  },
];

function identityOf(user: { userId: string; email: string }, groups: Identity['groups']): Identity {
  return { userId: user.userId, email: user.email, emailVerified: true, groups, authTime: 0, issuedAt: 0 };
}

/** Sends the demo consults that are not stored yet and answers those the demo answers. */
export async function seedDemoConsults(
  deps: DemoConsultDeps,
  users: DemoUserIds,
  options: { now?: Date; warn?: (message: string) => void } = {},
): Promise<void> {
  const now = options.now ?? new Date();
  const warn = options.warn ?? ((message: string) => console.warn(message));
  const customers = deps.customers ?? { get: async () => null };
  const lenses = deps.lenses ?? { get: async () => null };
  const fitter = identityOf(users.customer, ['customer']);
  const lab = identityOf(users.admin, ['admin']);

  for (const [index, demo] of DEMO_CONSULTS.entries()) {
    let clock = now;
    const at = (daysAgo: number, hour: number) => {
      clock = demoTime(now, daysAgo, hour, (index * 11) % 60);
    };
    const run: ConsultDeps = {
      consults: withoutNotices(deps.consults),
      settings: deps.settings,
      lenses,
      orders: deps.orders,
      users: deps.users,
      customers,
      limiter: NO_LIMIT,
      log: QUIET_LOG,
      now: () => clock,
      sleep: systemClock.sleep,
    };
    const consultId = 'practice' in demo.request ? demo.request.practice.consultId : demo.request.visitor.consultId;
    try {
      let stored = await deps.consults.get(consultId);
      if (!stored) {
        at(demo.sent.daysAgo, demo.sent.hour);
        if ('practice' in demo.request)
          await submitConsult(fitter, submitConsultInputSchema.parse(demo.request.practice), run);
        else await submitPublicConsult(submitPublicConsultInputSchema.parse(demo.request.visitor), 'seed', run);
        stored = await deps.consults.get(consultId);
      }
      if (demo.answer && stored?.status === 'new' && stored.version === 0) {
        at(demo.answer.daysAgo, demo.answer.hour);
        const input = replyToConsultInputSchema.parse({
          consultId,
          version: 0,
          text: demo.answer.text,
          proposal: demo.answer.proposal,
        });
        await replyToConsult(lab, input, run);
      }
    } catch (error) {
      warn(`Demo consult ${consultId} not seeded: ${describeError(error).message}`);
    }
  }
}
