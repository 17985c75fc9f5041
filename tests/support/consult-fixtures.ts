import type { Consult } from '../../core/schemas/consults';
import { randomUUID } from 'node:crypto';
import type { ParameterDefinition } from '../../core/schemas/lenses';
import { numberParameter, optionParameter } from './lens-parameters';

export const CONSULT_ID = '3b241101-e2bb-4255-8caf-4136c566a962';

/** The parameters of an Ampleye-like design: sag, diameter, power and the landing zone types. */
export const AMPLEYE_PARAMETERS: ParameterDefinition[] = [
  numberParameter('sagittalDepth', 'Sagittal depth', 'um', 3000, 6000, 10),
  numberParameter('diameter', 'Diameter', 'mm', 15.5, 18, 0.5),
  numberParameter('sphere', 'Sphere', 'D', -20, 20, 0.25),
  optionParameter('landingZone', 'Landing zone', [
    ['spherical', 'Spherical'],
    ['toric', 'Toric'],
  ]),
];
export const AMPLEYE_VALUES = { sagittalDepth: 4300, diameter: 16.5, sphere: -2.5, landingZone: 'toric' };

/** A stored practice consult (account 10042, waiting for the lab); override what a test is about. */
export function aConsult(overrides: Partial<Consult> = {}): Consult {
  return {
    consultId: CONSULT_ID,
    reference: 'AVC-000042',
    source: 'practice',
    status: 'new',
    accountNumber: '10042',
    requester: { userId: 'user-customer', name: 'Dana Fitter', email: 'dana@example.test', practiceName: 'Clear View' },
    patient: 'RX-204',
    eye: 'OD',
    currentLens: { lensId: 'ampleye', designName: 'Ampleye', parameters: { sagittalDepth: 4300, diameter: 16 } },
    suggestions: [],
    question: 'Edge lift at 6 o’clock after an hour. Steepen the landing there?',
    orderIds: [],
    createdAt: '2025-03-03T09:00:00.000Z',
    statusAt: '2025-03-03T09:00:00.000Z',
    updatedAt: '2025-03-03T09:00:00.000Z',
    version: 0,
    ...overrides,
  };
}

/** A visitor's request: no account, patient initials, the visitor's own email. */
export function aPublicConsult(overrides: Partial<Consult> = {}): Consult {
  const { accountNumber: _none, ...practice } = aConsult();
  return {
    ...practice,
    source: 'public',
    requester: {
      name: 'Sam Visitor',
      email: 'sam@visitor.example',
      practiceName: 'Hilltop Eyecare',
      licenceNumber: 'OD-1234',
    },
    patient: 'JD',
    ...overrides,
  };
}

/** What a visitor sends to submitPublicConsult: a fresh consult id and email each time, override the rest. */
export const publicConsultInput = (overrides: Record<string, unknown> = {}) => ({
  consultId: randomUUID(),
  practiceName: 'Lakeside Optometry',
  contactName: 'Dr Lee',
  email: `lee-${randomUUID().slice(0, 8)}@lakeside.test`,
  licenceNumber: 'OD-12345',
  patientInitials: 'jd',
  eye: 'OS',
  currentLens: { designName: 'Another scleral', parameters: {} },
  question: 'Is this too much clearance?',
  ...overrides,
});

/** The lab's answer on a consult, as replyToConsult stores it (status answered). */
export function withAnswer(consult: Consult, text = 'Go toric: 100 µm between the meridians. Keep the sag.'): Consult {
  return {
    ...consult,
    status: 'answered',
    reply: {
      text,
      proposal: {
        lensId: 'ampleye',
        lensName: 'Ampleye',
        parameters: { sagittalDepth: 4300, diameter: 16, landingZone: 'toric', landingZoneToricity: 100 },
      },
      by: { userId: 'u-lab', name: 'Lara Lab' },
      at: '2025-03-03T15:00:00.000Z',
    },
    version: consult.version + 1,
  };
}
