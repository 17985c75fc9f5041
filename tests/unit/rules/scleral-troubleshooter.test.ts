import { describe, expect, it } from 'vitest';
import {
  DEFAULT_TROUBLESHOOTER_SETTINGS,
  suggestionSchema,
  troubleshooterInputSchema,
  troubleshooterResultSchema,
  troubleshooterSettingsFieldsSchema,
  SUGGESTION_AREAS,
  type TroubleshooterInput,
  type TroubleshooterResult,
  type TroubleshooterSettings,
} from '../../../core/schemas/consults';
import { SOURCES, settledClearanceUm, troubleshoot } from '../../../core/rules/scleral-troubleshooter';
import { remainingSettlingUm, settledFraction } from '../../../core/rules/scleral-settling';

const DEFAULTS = DEFAULT_TROUBLESHOOTER_SETTINGS;

/** A toric Ampleye judged after 8 hours (fully settled, so the measured clearance is the settled one). */
function fit(input: Partial<TroubleshooterInput> = {}, settings: TroubleshooterSettings = DEFAULTS) {
  const observations = troubleshooterInputSchema.parse({ lens: { landing: 'toric' }, minutesOnEye: 480, ...input });
  return troubleshoot(observations, settings);
}
const ruleIds = (result: TroubleshooterResult) => result.suggestions.map((s) => s.ruleId);
function rule(result: TroubleshooterResult, ruleId: string) {
  const found = result.suggestions.find((s) => s.ruleId === ruleId);
  if (!found) throw new Error(`${ruleId} did not fire; fired: ${ruleIds(result).join(', ')}`);
  return found;
}
const settings = (changes: Partial<TroubleshooterSettings>): TroubleshooterSettings => {
  const merged = { ...DEFAULTS, ...changes };
  // The variations used here must be settings a super admin could save.
  const { version: _v, updatedAt: _a, updatedBy: _b, ...fields } = merged;
  troubleshooterSettingsFieldsSchema.parse(fields);
  return merged;
};
const sagDelta = (result: TroubleshooterResult) =>
  result.suggestions.find((s) => s.change?.key === 'sagittalDepth')?.change?.delta;

describe('settling: about half in the first 30 min, 63% at 2 h, 81% at 4 h, 91% at 6 h, all by 8 h', () => {
  it('the settled fraction passes through the published points and is straight between them', () => {
    expect(settledFraction(0)).toBe(0);
    expect(settledFraction(15)).toBeCloseTo(0.25, 9);
    expect(settledFraction(30)).toBeCloseTo(0.5, 9);
    expect(settledFraction(75)).toBeCloseTo(0.565, 9);
    expect(settledFraction(120)).toBeCloseTo(0.63, 9);
    expect(settledFraction(240)).toBeCloseTo(0.81, 9);
    expect(settledFraction(360)).toBeCloseTo(0.91, 9);
    expect(settledFraction(480)).toBe(1);
    expect(settledFraction(900)).toBe(1);
  });

  it('the settling still to come is the allowance times the share not yet settled, in whole µm', () => {
    const at = (minutes: number) => remainingSettlingUm(minutes, DEFAULTS);
    expect([at(0), at(30), at(120), at(240), at(360), at(480), at(600)]).toEqual([100, 50, 37, 19, 9, 0, 0]);
    // 100 x (1 - 0.565) = 43.5: a half micrometre rounds up.
    expect(at(75)).toBe(44);
    expect(remainingSettlingUm(30, { settlingAllowanceUm: 150 })).toBe(75);
  });

  it('settled clearance is the measured clearance less the settling to come, never below 0', () => {
    expect(settledClearanceUm(300, 30, DEFAULTS)).toBe(250);
    expect(settledClearanceUm(300, 480, DEFAULTS)).toBe(300);
    expect(settledClearanceUm(40, 30, DEFAULTS)).toBe(0);
    expect(settledClearanceUm(300, 30, { settlingAllowanceUm: 0 })).toBe(300);
  });

  it('the result reports the settled clearance, or null when none was measured', () => {
    expect(fit({ centralClearanceUm: 350, minutesOnEye: 30 }).settledClearanceUm).toBe(300);
    expect(fit({}).settledClearanceUm).toBeNull();
  });
});

describe('timing: judge only after the settings judgeAfterMinutes (published at least 20-30 min)', () => {
  it('at 19 minutes the fitter is told to judge again after 20 minutes; the other rules still run', () => {
    const result = fit({ minutesOnEye: 19, centralClearanceUm: 600 });
    const timing = rule(result, 'timing-too-early');
    expect(timing).toMatchObject({ area: 'timing', kind: 'check', change: null, labDefault: false });
    expect(timing.action).toBe('Judge again after at least 20 minutes on the eye');
    expect(result.suggestions[0]?.ruleId).toBe('timing-too-early');
    // 600 µm less the 68 µm still to settle after 19 min is judged on the settled 532 µm.
    expect(result.settledClearanceUm).toBe(532);
    expect(rule(result, 'central-excessive').kind).toBe('change');
  });

  it('at 20 minutes the timing rule is quiet', () => {
    expect(ruleIds(fit({ minutesOnEye: 20, centralClearanceUm: 250 }))).not.toContain('timing-too-early');
  });
});

describe('central clearance (settled): < 100 too little, 100-300 acceptable, 300-500 big, > 500 excessive', () => {
  it('central touch (0 µm) steps the sag up by the target plus the settling to come, rounded up to a sag step', () => {
    const settled = rule(fit({ centralClearanceUm: 0 }), 'central-touch');
    expect(settled.change).toEqual({ key: 'sagittalDepth', delta: 250, unit: 'um' });
    expect(settled.action).toBe('Increase the sag by 250 µm, then bracket back');
    expect(settled.why).toContain('bracket back');
    // After 30 min 50 µm is still to settle: 225 + 50 = 275, rounded up to 300.
    const early = rule(fit({ centralClearanceUm: 0, minutesOnEye: 30 }), 'central-touch');
    expect(early.change?.delta).toBe(300);
    expect(early.why).toContain('50 µm still to settle');
  });

  it('settled 99 µm is too little: increase the sag 1:1 toward the 225 µm target (126 µm -> 150 µm)', () => {
    const s = rule(fit({ centralClearanceUm: 99 }), 'central-too-little');
    expect(s).toMatchObject({ kind: 'change', change: { key: 'sagittalDepth', delta: 150, unit: 'um' } });
    expect(s.action).toBe('Increase the sag by 150 µm');
    expect(s.why).toContain('99 µm');
    expect(s.why).toContain('225 µm');
  });

  it('a clearance that settles to 0 µm is too little (it will touch), not a measured touch', () => {
    const s = rule(fit({ centralClearanceUm: 40, minutesOnEye: 30 }), 'central-too-little');
    // 225 - 0 = 225 µm is 4.5 steps: half way rounds away from zero, to 250 µm.
    expect(s.change?.delta).toBe(250);
    expect(s.why).toContain('touch once settled');
  });

  it('settled 100 µm and 300 µm are acceptable: keep the sag', () => {
    for (const clearance of [100, 225, 300]) {
      const s = rule(fit({ centralClearanceUm: clearance }), 'central-acceptable');
      expect(s).toMatchObject({ kind: 'keep', action: 'Keep the sag', change: null });
    }
  });

  it('settled 301 µm is big: decrease the sag 1:1 (76 µm -> 100 µm)', () => {
    const s = rule(fit({ centralClearanceUm: 301 }), 'central-big');
    expect(s.change).toEqual({ key: 'sagittalDepth', delta: -100, unit: 'um' });
    expect(s.action).toBe('Decrease the sag by 100 µm');
  });

  it('settled 500 µm is still big: 275 µm is 5.5 steps and rounds away from zero to 300 µm', () => {
    expect(rule(fit({ centralClearanceUm: 500 }), 'central-big').change?.delta).toBe(-300);
  });

  it('central clearance above 500 µm settled is excessive: decrease the sag 1:1', () => {
    const s = rule(fit({ centralClearanceUm: 501 }), 'central-excessive');
    expect(s.change?.delta).toBe(-300);
    expect(s.why).toContain('excessive');
    expect(rule(fit({ centralClearanceUm: 800 }), 'central-excessive').change?.delta).toBe(-600);
  });

  it('the clearance is judged settled: 350 µm after 30 min settles to 300 µm and is acceptable', () => {
    const result = fit({ centralClearanceUm: 350, minutesOnEye: 30 });
    expect(ruleIds(result)).toContain('central-acceptable');
    expect(rule(result, 'central-acceptable').why).toContain('50 µm still to settle');
  });

  it('a sag change under the smallest worthwhile change (50 µm) is kept: 40 µm is not worth a remake, 50 µm is', () => {
    const fine = settings({ sagStepUm: 10, maxClearanceUm: 250 });
    // 260 - 225 = 35 µm -> 40 µm: under 50 µm.
    const small = rule(fit({ centralClearanceUm: 260 }, fine), 'central-change-too-small');
    expect(small).toMatchObject({ kind: 'keep', change: null, action: 'Keep the sag' });
    expect(small.why).toContain('a change under 50 µm is not worth a remake');
    // 270 - 225 = 45 µm -> 50 µm: exactly the smallest worthwhile change.
    expect(rule(fit({ centralClearanceUm: 270 }, fine), 'central-big').change?.delta).toBe(-50);
  });

  it('with no central clearance measured, no central rule fires', () => {
    const result = fit({ limbalClearanceUm: { superior: 0 } });
    expect(result.suggestions.filter((s) => s.area === 'central-clearance')).toEqual([]);
  });
});

describe('re-assess after 4 h of wear at the follow-up when the sag changes', () => {
  it('a sag change judged at 239 min asks for a re-assessment after 4 hours', () => {
    const result = fit({ centralClearanceUm: 419, minutesOnEye: 239 });
    expect(ruleIds(result)).toEqual(['central-big', 'reassess-after-4h']);
    expect(rule(result, 'reassess-after-4h')).toMatchObject({ kind: 'check', area: 'central-clearance' });
  });

  it('judged at 240 min there is no re-assessment', () => {
    expect(ruleIds(fit({ centralClearanceUm: 419, minutesOnEye: 240 }))).toEqual(['central-big']);
  });

  it('a central touch asks for one too; a kept sag does not', () => {
    expect(ruleIds(fit({ centralClearanceUm: 0, minutesOnEye: 30 }))).toContain('reassess-after-4h');
    expect(ruleIds(fit({ centralClearanceUm: 300, minutesOnEye: 30 }))).not.toContain('reassess-after-4h');
  });
});

describe('limbal clearance: about 100 µm; 0 -> raise; > 200 µm excessive; midday fogging -> toward 50 µm', () => {
  it('limbal touch (0 µm) raises the limbal clearance by one limbal step and names the sides', () => {
    const s = rule(fit({ limbalClearanceUm: { superior: 0, nasal: 0, inferior: 120 } }), 'limbal-touch');
    expect(s.change).toEqual({ key: 'limbalClearance', delta: 50, unit: 'um' });
    expect(s.why).toContain('superior and nasal');
    expect(s.labDefault).toBe(true);
  });

  it('1 µm is not touch', () => {
    expect(ruleIds(fit({ limbalClearanceUm: { superior: 1 } }))).not.toContain('limbal-touch');
  });

  it('200 µm is not excessive; 201 µm is: lower by (201 - 100) rounded to the limbal step', () => {
    expect(ruleIds(fit({ limbalClearanceUm: { temporal: 200 } }))).not.toContain('limbal-excessive');
    const s = rule(fit({ limbalClearanceUm: { temporal: 201, nasal: 150 } }), 'limbal-excessive');
    expect(s.change).toEqual({ key: 'limbalClearance', delta: -100, unit: 'um' });
    expect(s.why).toContain('201 µm temporal');
    expect(rule(fit({ limbalClearanceUm: { inferior: 400 } }), 'limbal-excessive').change?.delta).toBe(-300);
  });

  it('midday fogging lowers the highest limbal clearance toward 50 µm: lower the sag and/or flatten over the limbus', () => {
    const s = rule(fit({ middayFogging: true, limbalClearanceUm: { superior: 150, inferior: 90 } }), 'midday-fogging');
    expect(s.change).toEqual({ key: 'limbalClearance', delta: -100, unit: 'um' });
    expect(s.action).toContain('lower the sag and/or flatten over the limbus');
  });

  it('midday fogging with no limbal clearance measured starts from the 100 µm limbal target', () => {
    expect(rule(fit({ middayFogging: true }), 'midday-fogging').change?.delta).toBe(-50);
  });

  it('midday fogging always lowers by at least one limbal step (60 µm -> 50 µm is under half a step)', () => {
    expect(
      rule(fit({ middayFogging: true, limbalClearanceUm: { superior: 60 } }), 'midday-fogging').change?.delta,
    ).toBe(-50);
  });

  it('midday fogging with excessive limbal clearance adds only what the excessive rule leaves (no double count)', () => {
    const result = fit({ middayFogging: true, limbalClearanceUm: { superior: 300 } });
    expect(rule(result, 'limbal-excessive').change?.delta).toBe(-200);
    // 300 -> 50 µm is 250 µm in all, 200 of it from the excessive rule.
    const fog = rule(result, 'midday-fogging');
    expect(fog.change?.delta).toBe(-50);
    expect(fog.action).toContain('a further 50 µm');
  });

  it('without fogging and with limbal clearance in range, no limbal rule fires', () => {
    expect(fit({ limbalClearanceUm: { superior: 100, inferior: 150 } }).suggestions.map((s) => s.area)).not.toContain(
      'limbal-clearance',
    );
  });
});

describe('landing by clock hour', () => {
  const toricPattern = [
    { hour: 3, finding: 'blanching' },
    { hour: 9, finding: 'blanching' },
    { hour: 12, finding: 'edge-lift' },
    { hour: 6, finding: 'edge-lift' },
  ] as const;

  it('compression at 3 and 9 with edge lift at 12 and 6 on a spherical lens: change to a toric landing', () => {
    const s = rule(fit({ lens: { landing: 'spherical' }, landing: [...toricPattern] }), 'landing-toric-pattern');
    expect(s.change).toEqual({ key: 'landingZone', delta: 0, unit: '', to: 'toric' });
    expect(s.why).toContain('keep the sag or add one step (50 µm)');
  });

  it('the same pattern turned 90 degrees (compression at 12 and 6, lift at 3 and 9) also calls for toricity', () => {
    const landing = [
      { hour: 12, finding: 'impingement' },
      { hour: 6, finding: 'blanching' },
      { hour: 2, finding: 'edge-lift' },
      { hour: 9, finding: 'edge-lift' },
    ] as const;
    const s = rule(fit({ landing: [...landing] }), 'landing-toric-pattern');
    expect(s.change).toEqual({ key: 'landingZoneToricity', delta: 50, unit: 'um' });
    expect(s.labDefault).toBe(true);
  });

  it('the toric pattern on a quadrant lens adds one toricity step', () => {
    const s = rule(fit({ lens: { landing: 'quadrant' }, landing: [...toricPattern] }), 'landing-toric-pattern');
    expect(s.change?.key).toBe('landingZoneToricity');
  });

  it('a toric landing settles closer: a suggested sag decrease is one sag step smaller', () => {
    // 400 µm settled: 175 µm -> 200 µm decrease, one step less with the toric landing.
    const result = fit({ centralClearanceUm: 400, landing: [...toricPattern] });
    expect(sagDelta(result)).toBe(-150);
    expect(rule(result, 'landing-toric-pattern').why).toContain('one 50 µm step smaller');
    expect(sagDelta(fit({ centralClearanceUm: 400 }))).toBe(-200);
  });

  it('a decrease of one sag step becomes keep with a toric landing', () => {
    const s = rule(
      fit({ centralClearanceUm: 260, landing: [...toricPattern] }, settings({ maxClearanceUm: 250 })),
      'central-change-too-small',
    );
    expect(s.kind).toBe('keep');
  });

  it('a sag increase is not reduced by the toric landing', () => {
    expect(sagDelta(fit({ centralClearanceUm: 99, landing: [...toricPattern] }))).toBe(150);
  });

  it('compression in all four quadrants: flatten the landing by one quadrant step and steepen the center', () => {
    const landing = [12, 3, 6, 9].map((hour) => ({ hour, finding: 'blanching' as const }));
    const result = fit({ landing });
    const s = rule(result, 'landing-circumferential-compression');
    expect(s).toMatchObject({ kind: 'change', change: null, labDefault: true });
    expect(s.action).toContain('steepen the center to keep the sag');
    expect(s.action).toContain('50 µm');
    expect(ruleIds(result)).not.toContain('landing-quadrant-compressed');
  });

  it('inferior impingement (5, 6 or 7 o clock) asks for a push-up test first and no quadrant change at 6', () => {
    for (const hour of [5, 6, 7]) {
      const result = fit({ landing: [{ hour, finding: 'impingement' }] });
      expect(rule(result, 'landing-inferior-impingement').kind).toBe('check');
      expect(ruleIds(result)).not.toContain('landing-quadrant-compressed');
    }
  });

  it('impingement at 8 o clock is not inferior: the 9 o clock quadrant is flattened', () => {
    const result = fit({ landing: [{ hour: 8, finding: 'impingement' }] });
    expect(ruleIds(result)).not.toContain('landing-inferior-impingement');
    expect(rule(result, 'landing-quadrant-compressed').change).toEqual({ key: 'landing9', delta: -50, unit: 'um' });
  });

  it('blanching at 6 without impingement flattens the 6 o clock quadrant', () => {
    const s = rule(fit({ landing: [{ hour: 6, finding: 'blanching' }] }), 'landing-quadrant-compressed');
    expect(s.change).toEqual({ key: 'landing6', delta: -50, unit: 'um' });
  });

  it('one compressed quadrant is flattened by one quadrant step (negative = flatter)', () => {
    const s = rule(fit({ landing: [{ hour: 1, finding: 'blanching' }] }), 'landing-quadrant-compressed');
    expect(s.change).toEqual({ key: 'landing12', delta: -50, unit: 'um' });
    expect(s.action).toBe("Flatten the landing at 12 o'clock by 50 µm");
    expect(s.why).toContain('quadrant-specific landing');
    const onQuadrantLens = rule(
      fit({ lens: { landing: 'quadrant' }, landing: [{ hour: 1, finding: 'blanching' }] }),
      'landing-quadrant-compressed',
    );
    expect(onQuadrantLens.why).not.toContain('quadrant-specific landing');
  });

  it('two compressed quadrants without the toric pattern are not a single-quadrant change', () => {
    const landing = [
      { hour: 12, finding: 'blanching' },
      { hour: 3, finding: 'blanching' },
    ] as const;
    expect(ruleIds(fit({ landing: [...landing] }))).not.toContain('landing-quadrant-compressed');
  });

  it('one lifting quadrant is steepened by one quadrant step', () => {
    const s = rule(fit({ landing: [{ hour: 10, finding: 'edge-lift' }] }), 'landing-quadrant-lifting');
    expect(s.change).toEqual({ key: 'landing9', delta: 50, unit: 'um' });
  });

  it('a quadrant with both edge lift and blanching counts as compressed, not lifting', () => {
    const landing = [
      { hour: 3, finding: 'blanching' },
      { hour: 4, finding: 'edge-lift' },
    ] as const;
    const result = fit({ landing: [...landing] });
    expect(rule(result, 'landing-quadrant-compressed').change?.key).toBe('landing3');
    expect(ruleIds(result)).not.toContain('landing-quadrant-lifting');
  });

  it('an aligned landing calls for nothing', () => {
    const result = fit({ landing: [{ hour: 12, finding: 'aligned' }] });
    expect(ruleIds(result)).toEqual(['nothing-to-change']);
  });
});

describe('impression ring with rebound redness: diameter +1.0 mm (mini-scleral 15.0-18.0, full 18.1-24 mm)', () => {
  it('suggests a 1.0 mm larger diameter', () => {
    const s = rule(fit({ impressionRing: true }), 'impression-ring');
    expect(s).toMatchObject({ area: 'diameter', change: { key: 'diameter', delta: 1, unit: 'mm' }, labDefault: false });
    expect(s.action).toBe('Increase the diameter by 1.0 mm');
  });

  it('names the new diameter and its size class when the diameter is known', () => {
    const said = (diameterMm: number) =>
      rule(fit({ impressionRing: true, lens: { landing: 'toric', diameterMm } }), 'impression-ring').why;
    expect(said(16)).toContain('17.0 mm is a mini-scleral lens');
    expect(said(17)).toContain('18.0 mm is a mini-scleral lens');
    expect(said(17.5)).toContain('18.5 mm is a full scleral lens');
    expect(said(23)).toContain('24.0 mm is a full scleral lens');
    expect(said(23.5)).toContain('24.5 mm is above the full scleral range');
    expect(said(13.5)).toContain('14.5 mm is below the mini-scleral range');
  });
});

describe("Art Optical's toricity tests", () => {
  const on = (rotationTest: TroubleshooterInput['rotationTest'], tapTest: TroubleshooterInput['tapTest']) =>
    fit({ rotationTest, tapTest });

  it('rotation: returns fast -> more toricity, slowly -> less, does not return -> spherical landing', () => {
    expect(rule(on('returns-fast', 'not-done'), 'rotation-returns-fast').change?.delta).toBe(50);
    expect(rule(on('returns-slowly', 'not-done'), 'rotation-returns-slowly').change?.delta).toBe(-50);
    const none = rule(on('does-not-return', 'not-done'), 'rotation-does-not-return');
    expect(none.change).toEqual({ key: 'landingZone', delta: 0, unit: '', to: 'spherical' });
    expect(none.source).toBe(SOURCES.artOptical);
  });

  it('tap: dye along the flat meridian -> less toricity, steep -> more, none drawn -> keep', () => {
    expect(rule(on('not-done', 'flat-meridian'), 'tap-flat-meridian').change).toEqual({
      key: 'landingZoneToricity',
      delta: -50,
      unit: 'um',
    });
    expect(rule(on('not-done', 'steep-meridian'), 'tap-steep-meridian').change?.delta).toBe(50);
    expect(rule(on('not-done', 'none-drawn'), 'tap-none-drawn')).toMatchObject({ kind: 'keep', change: null });
  });

  it('rotation and tap pointing opposite ways send the fit to a consultant', () => {
    expect(rule(on('returns-fast', 'flat-meridian'), 'toricity-tests-disagree').kind).toBe('check');
    expect(ruleIds(on('returns-slowly', 'steep-meridian'))).toContain('toricity-tests-disagree');
    expect(ruleIds(on('does-not-return', 'steep-meridian'))).toContain('toricity-tests-disagree');
  });

  it('tests that agree, or a tap with no dye drawn, do not disagree', () => {
    expect(ruleIds(on('returns-fast', 'steep-meridian'))).not.toContain('toricity-tests-disagree');
    expect(ruleIds(on('returns-slowly', 'flat-meridian'))).not.toContain('toricity-tests-disagree');
    expect(ruleIds(on('returns-fast', 'none-drawn'))).not.toContain('toricity-tests-disagree');
  });

  it('on a spherical landing the tests have no toricity to judge: one check instead', () => {
    const result = fit({ lens: { landing: 'spherical' }, rotationTest: 'returns-fast', tapTest: 'flat-meridian' });
    expect(ruleIds(result)).toEqual(['toricity-tests-on-spherical']);
    expect(rule(result, 'toricity-tests-on-spherical').kind).toBe('check');
  });
});

describe('over-refraction', () => {
  const flexing = {
    overRefraction: { sphere: 0, cylinder: -1.25, axis: 90, cylinderMatchesOverK: true },
    landing: [
      { hour: 3, finding: 'blanching' as const },
      { hour: 12, finding: 'edge-lift' as const },
    ],
  };

  it('residual cylinder matching over-K with compression 90 degrees from lift is flexure: toric landing', () => {
    const s = rule(fit({ ...flexing, lens: { landing: 'spherical' } }), 'over-refraction-flexure');
    expect(s.change).toEqual({ key: 'landingZone', delta: 0, unit: '', to: 'toric' });
  });

  it('flexure on a lens that already has a toric landing is a check', () => {
    expect(rule(fit(flexing), 'over-refraction-flexure')).toMatchObject({ kind: 'check', change: null });
  });

  it('no flexure without matching over-K, without cylinder, or with compression opposite the lift', () => {
    const spherical = { landing: 'spherical' as const };
    const noMatch = { ...flexing.overRefraction, cylinderMatchesOverK: false };
    expect(ruleIds(fit({ ...flexing, lens: spherical, overRefraction: noMatch }))).not.toContain(
      'over-refraction-flexure',
    );
    const noCylinder = { sphere: 0, cylinder: 0, cylinderMatchesOverK: true };
    expect(ruleIds(fit({ ...flexing, lens: spherical, overRefraction: noCylinder }))).not.toContain(
      'over-refraction-flexure',
    );
    const opposite = [
      { hour: 3, finding: 'blanching' as const },
      { hour: 9, finding: 'edge-lift' as const },
    ];
    expect(ruleIds(fit({ ...flexing, lens: spherical, landing: opposite }))).not.toContain('over-refraction-flexure');
  });

  it('a sphere of 4.00 D or less is taken as it is, with no lab convention in it', () => {
    for (const sphere of [0.25, 4, -4]) {
      const s = rule(fit({ overRefraction: { sphere } }), 'over-refraction-power');
      expect(s.change).toEqual({ key: 'sphere', delta: sphere, unit: 'D' });
      expect(s).toMatchObject({ source: SOURCES.optics, labDefault: false });
    }
  });

  it("a vertex-corrected sphere is marked as the lab's convention (the 12 mm vertex distance)", () => {
    for (const sphere of [4.25, -4.25, 10])
      expect(rule(fit({ overRefraction: { sphere } }), 'over-refraction-power').labDefault).toBe(true);
  });

  it('beyond 4.00 D the sphere is vertex corrected, F / (1 - 0.012 F), and rounded to 0.25 D', () => {
    const delta = (sphere: number) => rule(fit({ overRefraction: { sphere } }), 'over-refraction-power').change?.delta;
    expect(delta(4.25)).toBe(4.5);
    expect(delta(5)).toBe(5.25);
    expect(delta(-5)).toBe(-4.75);
    expect(delta(10)).toBe(11.25);
    expect(rule(fit({ overRefraction: { sphere: -5 } }), 'over-refraction-power').action).toBe(
      'Change the sphere by −4.75 D',
    );
  });

  it('a plano over-refraction changes no power', () => {
    expect(ruleIds(fit({ overRefraction: { sphere: 0 } }))).not.toContain('over-refraction-power');
  });

  it('the toric marks are reported from 10 minutes on; earlier the fitter is told to wait', () => {
    const report = rule(fit({ toricMarksAt: 7, minutesOnEye: 10 }), 'toric-marks');
    expect(report).toMatchObject({
      kind: 'check',
      action: "Report the toric marks at 7 o'clock with the over-refraction",
    });
    expect(rule(fit({ toricMarksAt: 7, minutesOnEye: 9 }), 'toric-marks').action).toContain('Wait');
  });

  it('a spherical landing has no toric marks to report', () => {
    expect(ruleIds(fit({ toricMarksAt: 7, lens: { landing: 'spherical' } }))).not.toContain('toric-marks');
  });
});

describe('no findings', () => {
  it('with nothing entered there is one keep suggestion saying what to enter', () => {
    const result = fit({});
    expect(result.suggestions).toHaveLength(1);
    expect(rule(result, 'no-findings')).toMatchObject({ kind: 'keep', change: null });
    expect(rule(result, 'no-findings').why).toContain('central clearance');
  });

  it('too early and nothing entered: the timing check and what to enter', () => {
    expect(ruleIds(fit({ minutesOnEye: 5 }))).toEqual(['timing-too-early', 'no-findings']);
  });
});

/** Many findings at once, for the properties every answer has. */
const everything: Partial<TroubleshooterInput> = {
  minutesOnEye: 15,
  centralClearanceUm: 650,
  limbalClearanceUm: { superior: 0, inferior: 260 },
  landing: [
    { hour: 3, finding: 'blanching' },
    { hour: 9, finding: 'blanching' },
    { hour: 12, finding: 'edge-lift' },
    { hour: 6, finding: 'edge-lift' },
  ],
  impressionRing: true,
  rotationTest: 'returns-fast',
  tapTest: 'flat-meridian',
  middayFogging: true,
  overRefraction: { sphere: -6, cylinder: -1, axis: 180, cylinderMatchesOverK: true },
  toricMarksAt: 6,
};

describe('every answer', () => {
  const samples: TroubleshooterResult[] = [
    fit(everything),
    fit({ ...everything, lens: { landing: 'spherical', diameterMm: 16 } }),
    fit({ centralClearanceUm: 0, minutesOnEye: 0 }),
    fit({ landing: [3, 12, 6, 9].map((hour) => ({ hour, finding: 'impingement' as const })) }),
    fit({}),
  ];

  it('parses with the suggestion and result schemas', () => {
    for (const result of samples) {
      expect(() => troubleshooterResultSchema.parse(result)).not.toThrow();
      for (const s of result.suggestions) expect(() => suggestionSchema.parse(s)).not.toThrow();
    }
  });

  it('comes in the order timing, central clearance, limbal, landing, toricity, diameter, power', () => {
    const result = fit(everything);
    const areas = result.suggestions.map((s) => SUGGESTION_AREAS.indexOf(s.area));
    expect(areas).toEqual([...areas].sort((a, b) => a - b));
    expect(new Set(result.suggestions.map((s) => s.area))).toEqual(new Set(SUGGESTION_AREAS));
  });

  it('says each µm change in its action, names a known source and explains itself', () => {
    const sources = new Set<string>(Object.values(SOURCES));
    for (const result of samples) {
      for (const s of result.suggestions) {
        expect(sources.has(s.source)).toBe(true);
        expect(s.why.length).toBeGreaterThan(20);
        if (s.change?.unit === 'um') expect(s.action).toContain(`${Math.abs(s.change.delta)} µm`);
      }
    }
  });

  it("marks a sag or limbal change as the lab's numbers (sag step, target, limbal step)", () => {
    const result = fit(everything);
    for (const s of result.suggestions.filter(
      (x) => x.change?.key === 'sagittalDepth' || x.change?.key === 'limbalClearance',
    ))
      expect(s.labDefault).toBe(true);
    expect(rule(result, 'timing-too-early').labDefault).toBe(false);
    expect(rule(result, 'impression-ring').labDefault).toBe(false);
  });
});

describe('the settings are really used', () => {
  it('a 25 µm sag step changes the sag change (175 µm instead of 200 µm for 400 µm settled)', () => {
    expect(sagDelta(fit({ centralClearanceUm: 400 }))).toBe(-200);
    expect(sagDelta(fit({ centralClearanceUm: 400 }, settings({ sagStepUm: 25 })))).toBe(-175);
  });

  it('a 250 µm target changes the sag change (150 µm instead of 200 µm for 400 µm settled)', () => {
    expect(sagDelta(fit({ centralClearanceUm: 400 }, settings({ targetClearanceUm: 250 })))).toBe(-150);
  });

  it('the acceptable range, the settling allowance and the judging time come from the settings', () => {
    expect(ruleIds(fit({ centralClearanceUm: 320 }, settings({ maxClearanceUm: 350 })))).toEqual([
      'central-acceptable',
    ]);
    expect(
      fit({ centralClearanceUm: 300, minutesOnEye: 30 }, settings({ settlingAllowanceUm: 150 })).settledClearanceUm,
    ).toBe(225);
    expect(ruleIds(fit({ minutesOnEye: 25 }, settings({ judgeAfterMinutes: 30 })))).toContain('timing-too-early');
  });

  it('the limbal, toricity, quadrant and diameter steps come from the settings', () => {
    const custom = settings({ limbalStepUm: 20, toricityStepUm: 75, quadrantStepUm: 30, diameterStepMm: 0.5 });
    const result = fit({ ...everything, landing: [{ hour: 1, finding: 'blanching' }] }, custom);
    expect(rule(result, 'limbal-touch').change?.delta).toBe(20);
    expect(rule(result, 'rotation-returns-fast').change?.delta).toBe(75);
    expect(rule(result, 'landing-quadrant-compressed').change?.delta).toBe(-30);
    expect(rule(result, 'impression-ring').change?.delta).toBe(0.5);
  });
});
