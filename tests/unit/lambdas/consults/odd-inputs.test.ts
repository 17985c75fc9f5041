import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as z from '../../../../core/zod';
import { AppError } from '../../../../core/errors';
import { ROUTES } from '../../../../core/routes';
import { troubleshoot } from '../../../../core/rules/scleral-troubleshooter';
import {
  CLOCK_HOURS,
  LANDING_FINDINGS,
  LANDING_TYPES,
  LIMBAL_SIDES,
  ROTATION_RESULTS,
  TAP_RESULTS,
  troubleshooterInputSchema,
  troubleshooterResultSchema,
  troubleshooterSettingsFieldsSchema,
} from '../../../../core/schemas/consults';
import { CONSULT_FILES } from '../../../../lambdas/ports/attached-files';
import {
  confirmConsultFile,
  deleteConsultFile,
  generateConsultDownloadUrl,
  generateConsultUploadUrl,
  listConsultFiles,
} from '../../../../lambdas/use-cases/consults/consult-files';
import { getConsultantSetup, updateConsultantSettings } from '../../../../lambdas/use-cases/consults/consultant-setup';
import { getLabConsult, listConsults } from '../../../../lambdas/use-cases/consults/lab-consults';
import { linkConsultToAccount } from '../../../../lambdas/use-cases/consults/link-consult-to-account';
import { getConsult, listAccountConsults } from '../../../../lambdas/use-cases/consults/practice-consults';
import { replyToConsult } from '../../../../lambdas/use-cases/consults/reply-to-consult';
import { submitConsult } from '../../../../lambdas/use-cases/consults/submit-consult';
import { submitPublicConsult } from '../../../../lambdas/use-cases/consults/submit-public-consult';
import { InMemoryAttachedFiles } from '../../../support/attachments-fakes';
import { extremeValues } from '../../../support/extreme-values';
import {
  A,
  AMPLEYE_VALUES,
  consultFixture,
  lab,
  practice,
  storedConsult,
  storedLead,
  superAdmin,
  uuid,
  type ConsultFixture,
} from './consult-fixture';

/**
 * Inputs the consult routes' schemas ACCEPT, pushed to their edges (odd unicode at full length, numbers at
 * their bounds, full arrays and records), run through the use cases as the wrapper runs them: every answer is
 * one the route's output schema accepts (a mismatch is a 500) or an error below 500. Ids, versions and
 * accounts are the stored ones half of the time, so the runs reach past "not found".
 */
const RUNS = 40;
const SEED = 20260302;
const PRACTICE_CONSULT = uuid(900);
const LEAD = uuid(901);

/** A practice's consult and a visitor's lead, both waiting for the lab. */
async function withStoredConsults(f: ConsultFixture) {
  await storedConsult(f, { consultId: PRACTICE_CONSULT });
  await storedLead(f, { consultId: LEAD });
}

type RouteName = keyof typeof ROUTES;
type Run = (input: never, f: ConsultFixture) => Promise<unknown>;

const fileDeps = (f: ConsultFixture) => ({
  consults: f.deps.consults,
  users: f.deps.users,
  files: new InMemoryAttachedFiles(CONSULT_FILES),
});

const RUNNERS: Partial<Record<RouteName, Run>> = {
  getConsultantSetup: (_input, f) => getConsultantSetup(null, f.deps),
  updateConsultantSettings: (input, f) => updateConsultantSettings(superAdmin, input, f.deps),
  submitConsult: (input, f) => submitConsult(practice, input, f.deps),
  submitPublicConsult: (input, f) => submitPublicConsult(input, '203.0.113.7', f.deps),
  listAccountConsults: (input, f) => listAccountConsults(practice, input, f.deps),
  getConsult: (input, f) => getConsult(practice, input, f.deps),
  listConsults: (input, f) => listConsults(input, f.deps),
  getLabConsult: (input, f) => getLabConsult(input, f.deps),
  replyToConsult: (input, f) => replyToConsult(lab, input, f.deps),
  linkConsultToAccount: (input, f) => linkConsultToAccount(input, f.deps),
  generateConsultUploadUrl: (input, f) => generateConsultUploadUrl(practice, input, fileDeps(f)),
  confirmConsultFile: (input, f) => confirmConsultFile(practice, input, fileDeps(f)),
  listConsultFiles: (input, f) => listConsultFiles(practice, input, fileDeps(f)),
  generateConsultDownloadUrl: (input, f) => generateConsultDownloadUrl(practice, input, fileDeps(f)),
  deleteConsultFile: (input, f) => deleteConsultFile(practice, input, fileDeps(f)),
};

/** Observations valid by construction, every finding at the edges of its range (the schema's refinements hold). */
const observationsArb = fc.record(
  {
    lens: fc.record(
      {
        lensId: fc.constantFrom('ampleye', 'not-in-the-catalogue'),
        diameterMm: fc.constantFrom(12, 15, 17.95, 18, 24.9, 25),
        sagUm: fc.constantFrom(1000, 4300, 9000),
        landing: fc.constantFrom(...LANDING_TYPES),
      },
      { requiredKeys: ['landing'] },
    ),
    minutesOnEye: fc.oneof(fc.constantFrom(0, 1, 19, 20, 30, 239, 240, 480, 1440), fc.integer({ min: 0, max: 1440 })),
    centralClearanceUm: fc.oneof(fc.constantFrom(0, 1, 99, 100, 300, 301, 500, 501, 1500), fc.nat({ max: 1500 })),
    limbalClearanceUm: fc.record(
      Object.fromEntries(LIMBAL_SIDES.map((side) => [side, fc.constantFrom(0, 50, 200, 201, 1000)])),
      { requiredKeys: [] },
    ),
    landing: fc.uniqueArray(
      fc.record({ hour: fc.constantFrom(...CLOCK_HOURS), finding: fc.constantFrom(...LANDING_FINDINGS) }),
      { maxLength: 12, selector: (l) => l.hour },
    ),
    impressionRing: fc.boolean(),
    rotationTest: fc.constantFrom(...ROTATION_RESULTS),
    tapTest: fc.constantFrom(...TAP_RESULTS),
    middayFogging: fc.boolean(),
    overRefraction: fc.record(
      {
        sphere: fc.integer({ min: -80, max: 80 }).map((q) => q / 4),
        cylinder: fc.integer({ min: -40, max: 0 }).map((q) => q / 4),
        axis: fc.integer({ min: 1, max: 180 }),
        cylinderMatchesOverK: fc.boolean(),
      },
      { requiredKeys: ['sphere'] },
    ),
    toricMarksAt: fc.constantFrom(...CLOCK_HOURS),
  },
  { requiredKeys: ['lens', 'minutesOnEye'] },
);

/** Settings valid by construction: every step and threshold at the edges its schema allows. */
const settingsArb = fc
  .record({
    minClearanceUm: fc.integer({ min: 50, max: 299 }),
    settlingAllowanceUm: fc.constantFrom(0, 1, 100, 300),
    sagStepUm: fc.constantFrom(10, 50, 200),
    minSagChangeUm: fc.constantFrom(0, 50, 200),
    judgeAfterMinutes: fc.constantFrom(0, 20, 240),
    limbalTargetUm: fc.integer({ min: 20, max: 300 }),
    limbalFoggingTargetUm: fc.constantFrom(0, 50, 200),
    limbalStepUm: fc.constantFrom(10, 50, 200),
    toricityStepUm: fc.constantFrom(10, 50, 300),
    quadrantStepUm: fc.constantFrom(10, 50, 300),
    diameterStepMm: fc.constantFrom(0.1, 1, 3),
  })
  .map((s) => {
    const maxClearanceUm = Math.max(150, s.minClearanceUm + 1);
    return {
      ...s,
      maxClearanceUm,
      excessiveClearanceUm: Math.max(300, maxClearanceUm + 1),
      targetClearanceUm: Math.min(
        400,
        Math.max(100, s.minClearanceUm, Math.round((s.minClearanceUm + maxClearanceUm) / 2)),
      ),
      limbalExcessiveUm: Math.max(100, s.limbalTargetUm + 1),
      designIds: ['ampleye'],
    };
  });

const KNOWN = {
  accountNumber: [A],
  consultId: [PRACTICE_CONSULT, LEAD],
  version: [0],
  lensId: ['ampleye'],
  designIds: [['ampleye', 'ampleye-xl']],
  parameters: [AMPLEYE_VALUES],
  email: ['Lee@Lakeside.test'],
  phone: ['555-0101'],
  licenceNumber: ['OD-12345/6.7'],
  patientInitials: ['jd'],
  observations: fc.sample(observationsArb, { numRuns: 30, seed: SEED }),
  settings: fc.sample(settingsArb, { numRuns: 30, seed: SEED }),
};

/** What the wrapper would answer: the output checked by the route's schema, or the error's status. */
async function answerOf(name: RouteName, input: unknown): Promise<{ status: number; problem?: string }> {
  const f = consultFixture();
  await withStoredConsults(f);
  try {
    const output = await RUNNERS[name]!(input as never, f);
    const checked = z.safeParse(ROUTES[name].output as z.core.$ZodType, output);
    return checked.success ? { status: 200 } : { status: 500, problem: JSON.stringify(checked.error.issues[0]) };
  } catch (error) {
    if (error instanceof AppError) return { status: error.httpCode, problem: error.message };
    return { status: 500, problem: error instanceof Error ? `${error.name}: ${error.message}` : String(error) };
  }
}

describe('consult routes never answer 5xx to input their schemas accept', () => {
  it('covers every consult route of the route table', () => {
    const consultRoutes = Object.values(ROUTES)
      .filter((route) => route.handler.startsWith('consults/'))
      .map((route) => route.name)
      .sort();
    expect(Object.keys(RUNNERS).sort()).toEqual(consultRoutes);
  });

  for (const name of Object.keys(RUNNERS) as RouteName[]) {
    it(`${name}: edge values answer 200 or a 4xx`, async () => {
      const schema = ROUTES[name].input as z.core.$ZodType;
      let accepted = 0;
      await fc.assert(
        fc.asyncProperty(extremeValues(schema, { known: KNOWN }), async (raw) => {
          const parsed = z.safeParse(schema, raw);
          if (!parsed.success) return;
          accepted += 1;
          const answer = await answerOf(name, parsed.data);
          expect(answer.status, answer.problem).toBeLessThan(500);
        }),
        // The visitor's form has the most fields with rules of their own, so fewer values pass its schema.
        { numRuns: name === 'submitPublicConsult' ? 10 * RUNS : RUNS, seed: SEED },
      );
      // Not a vacuous run: some of the values got past the schema to the use case.
      expect(accepted).toBeGreaterThan(3);
    });
  }
});

describe('the troubleshooter answers every observation its schema accepts', () => {
  it('with any settings the settings schema accepts: a result its schema accepts, every number finite', () => {
    fc.assert(
      fc.property(observationsArb, settingsArb, (rawObservations, rawSettings) => {
        const observations = troubleshooterInputSchema.parse(rawObservations);
        const settings = troubleshooterSettingsFieldsSchema.parse(rawSettings);
        const result = troubleshoot(observations, settings);
        expect(troubleshooterResultSchema.safeParse(result).success).toBe(true);
        expect(result.suggestions.length).toBeGreaterThan(0);
        for (const s of result.suggestions) {
          if (s.change) expect(Number.isFinite(s.change.delta)).toBe(true);
          expect(`${s.action} ${s.why}`).not.toMatch(/NaN|Infinity|undefined|null/);
        }
      }),
      { numRuns: 500, seed: SEED },
    );
  });
});
