import type { Consult, Suggestion } from '../../../core/schemas/consults';
import type { LensDesign } from '../../../core/schemas/lenses';
import { AMPLEYE } from './consult-fakes';

/** Fixtures of the lab's consult pages: an Ampleye-like design, its suggestions, and consults in each state. */

export const CONSULT_ID = 'c0000000-0000-4000-8000-000000000001';
export const LEAD_ID = 'c0000000-0000-4000-8000-000000000002';

/** The catalogue's Ampleye design (the practice's pages use the same one), with what a test changes. */
export const ampleye = (extra: Partial<LensDesign> = {}): LensDesign => ({ ...AMPLEYE, ...extra });

export const sagSuggestion: Suggestion = {
  ruleId: 'central-big',
  area: 'central-clearance',
  kind: 'change',
  action: 'Decrease the sag by 150 µm',
  change: { key: 'sagittalDepth', delta: -150, unit: 'um' },
  why: 'Settled clearance is about 380 µm; the target is 225 µm.',
  source: 'Published scleral fitting guidance',
  labDefault: true,
};

export const limbalSuggestion: Suggestion = {
  ruleId: 'limbal-touch',
  area: 'limbal-clearance',
  kind: 'change',
  action: 'Raise the limbal clearance by 50 µm',
  change: { key: 'limbalClearance', delta: 50, unit: 'um' },
  why: 'Touch at the superior limbus.',
  source: 'Published scleral fitting guidance',
  labDefault: true,
};

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3600_000).toISOString();

export const aConsult = (extra: Partial<Consult> = {}): Consult => ({
  consultId: CONSULT_ID,
  reference: 'AVC-000042',
  source: 'practice',
  status: 'new',
  accountNumber: 'BV-1001',
  requester: { userId: 'u-1', name: 'Dana Okafor', email: 'dana@practice.test' },
  patient: 'JS-0042',
  eye: 'OD',
  currentLens: {
    lensId: 'ampleye',
    designName: 'Ampleye',
    parameters: { sagittalDepth: 4200, diameter: 16.5, landingZone: 'toric', limbalClearance: 0 },
  },
  observations: {
    lens: { lensId: 'ampleye', diameterMm: 16.5, sagUm: 4200, landing: 'toric' },
    minutesOnEye: 30,
    centralClearanceUm: 450,
    limbalClearanceUm: { superior: 0 },
    landing: [],
    impressionRing: false,
    rotationTest: 'not-done',
    tapTest: 'not-done',
    middayFogging: false,
  },
  suggestions: [sagSuggestion, limbalSuggestion],
  question: 'Central clearance is 450 µm after 30 minutes and the superior limbus touches. What should we change?',
  orderIds: [],
  createdAt: hoursAgo(2),
  statusAt: hoursAgo(2),
  updatedAt: hoursAgo(2),
  version: 3,
  ...extra,
});

/** A visitor's request: no account, everything the visitor typed about the practice. */
export const aLead = (extra: Partial<Consult> = {}): Consult =>
  aConsult({
    consultId: LEAD_ID,
    reference: 'AVC-000043',
    source: 'public',
    accountNumber: undefined,
    requester: {
      name: 'Robin Vega',
      email: 'robin@vega-eyes.test',
      practiceName: 'Vega Eye Care',
      licenceNumber: 'OD-12345',
      phone: '555-0199',
    },
    patient: 'RV',
    currentLens: { designName: 'Other scleral 16.0', parameters: {} },
    observations: undefined,
    suggestions: [],
    ...extra,
  });

export const answered = (extra: Partial<Consult> = {}): Consult =>
  aConsult({
    status: 'answered',
    reply: {
      text: 'Take 150 µm off the sag and raise the limbal zone one step.',
      proposal: {
        lensId: 'ampleye',
        lensName: 'Ampleye',
        parameters: { sagittalDepth: 4050, diameter: 16.5, landingZone: 'toric', limbalClearance: 50 },
      },
      by: { userId: 'admin-1', name: 'Lab Consultant' },
      at: hoursAgo(1),
    },
    ...extra,
  });
