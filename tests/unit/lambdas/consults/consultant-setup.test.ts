import { CHANGED_MESSAGES } from '../../../../core/messages';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_TROUBLESHOOTER_SETTINGS,
  updateTroubleshooterSettingsInputSchema,
  type TroubleshooterSettingsFields,
} from '../../../../core/schemas/consults';
import {
  getConsultantSetup,
  unknownDesignsMessage,
  updateConsultantSettings,
} from '../../../../lambdas/use-cases/consults/consultant-setup';
import { consultFixtureEachTest, lab, practice, refusal, superAdmin } from './consult-fixture';

const f = consultFixtureEachTest();

const { version: _v, updatedAt: _u, updatedBy: _b, ...DEFAULT_FIELDS } = DEFAULT_TROUBLESHOOTER_SETTINGS;
const update = (version: number, settings: Partial<TroubleshooterSettingsFields> = {}) =>
  updateTroubleshooterSettingsInputSchema.parse({ version, settings: { ...DEFAULT_FIELDS, ...settings } });

describe('getConsultantSetup (public)', () => {
  it('answers the default settings and the active designs they name, in their order, without prices', async () => {
    f.deps.lenses.rows.set('ampleye-xl', { ...f.deps.lenses.rows.get('ampleye-xl')!, active: false });
    const setup = await getConsultantSetup(null, f.deps);
    expect(setup.settings).toEqual(DEFAULT_TROUBLESHOOTER_SETTINGS);
    expect(setup.designs).toEqual([
      {
        lensId: 'ampleye',
        name: 'Ampleye',
        diameterMm: { min: 15.5, max: 18, step: 0.5 },
        sagUm: { min: 3000, max: 6000, step: 10 },
        landingTypes: ['spherical', 'toric'],
      },
    ]);
    expect(JSON.stringify(setup)).not.toContain('priceCents');
  });

  it('names who saved the settings to lab staff only, never to a visitor or a practice', async () => {
    await updateConsultantSettings(superAdmin, update(0, { targetClearanceUm: 250 }), f.deps);
    for (const caller of [null, practice]) {
      const setup = await getConsultantSetup(caller, f.deps);
      expect(setup.settings).toMatchObject({ targetClearanceUm: 250, version: 1, updatedBy: null });
      expect(JSON.stringify(setup)).not.toMatch(/u-boss|boss@lab\.test/);
    }
    expect((await getConsultantSetup(lab, f.deps)).settings.updatedBy).toEqual({
      userId: 'u-boss',
      name: 'boss@lab.test',
    });
  });

  it('a design id no longer in the catalog is left out', async () => {
    f.deps.lenses.rows.delete('ampleye');
    expect((await getConsultantSetup(null, f.deps)).designs.map((d) => d.lensId)).toEqual(['ampleye-xl']);
  });
});

describe('updateConsultantSettings (super admins)', () => {
  it('saves on the version read, says who and when, and records the change in the audit log', async () => {
    const saved = await updateConsultantSettings(superAdmin, update(0, { targetClearanceUm: 250 }), f.deps);
    expect(saved).toMatchObject({
      targetClearanceUm: 250,
      version: 1,
      updatedAt: '2026-03-02T15:00:00.000Z',
      updatedBy: { userId: 'u-boss', name: 'boss@lab.test' },
    });
    expect(await f.deps.settings.get()).toEqual(saved);
    expect((await getConsultantSetup(null, f.deps)).settings.targetClearanceUm).toBe(250);
    expect(f.changes).toMatchObject([
      { action: 'consultant-settings.update', target: { type: 'consultant-settings', id: 'troubleshooter' } },
    ]);
  });

  it('a save on a version someone else replaced is 409 "changed, reload"; the other save stands', async () => {
    await updateConsultantSettings(superAdmin, update(0, { sagStepUm: 25 }), f.deps);
    expect(await refusal(updateConsultantSettings(superAdmin, update(0, { sagStepUm: 100 }), f.deps))).toEqual({
      status: 'aborted',
      message: CHANGED_MESSAGES.consultantSettings,
    });
    expect((await f.deps.settings.get()).sagStepUm).toBe(25);
  });

  it('a design id not in the catalog is a field error on settings.designIds; nothing is saved', async () => {
    const error = await updateConsultantSettings(
      superAdmin,
      update(0, { designIds: ['ampleye', 'nope'] }),
      f.deps,
    ).catch((e: unknown) => e);
    expect(error).toMatchObject({
      status: 'invalid-argument',
      message: unknownDesignsMessage(['nope']),
      details: { fieldErrors: { 'settings.designIds': [unknownDesignsMessage(['nope'])] } },
    });
    expect(f.deps.settings.stored).toBeNull();
    expect(f.changes).toEqual([]);
  });

  it('thresholds out of order are refused by the input schema (clear field message)', () => {
    const parsed = updateTroubleshooterSettingsInputSchema.safeParse({
      version: 0,
      settings: { ...DEFAULT_FIELDS, minClearanceUm: 300, maxClearanceUm: 200 },
    });
    expect(parsed.success).toBe(false);
  });
});
