import { describe, expect, it } from 'vitest';
import { applySuggestions } from '../../../core/rules/consult-proposal';
import { troubleshoot } from '../../../core/rules/scleral-troubleshooter';
import {
  DEFAULT_TROUBLESHOOTER_SETTINGS,
  troubleshooterInputSchema,
  type ParameterChange,
  type Suggestion,
} from '../../../core/schemas/consults';
import { DEFAULT_WARRANTY_POLICY, type LensDesign, type NumberParameter } from '../../../core/schemas/lenses';
import { numberParameter, optionParameter } from '../../support/lens-parameters';

const num = (key: string, label: string, unit: NumberParameter['unit'], min: number, max: number, step: number) =>
  numberParameter(key, label, unit, min, max, step, false);

const design: LensDesign = {
  lensId: 'ampleye',
  name: 'Ampleye',
  type: 'scleral',
  parameters: [
    num('sagittalDepth', 'Sagittal depth', 'um', 3000, 6500, 10),
    num('diameter', 'Diameter', 'mm', 14.5, 20, 0.1),
    num('sphere', 'Sphere', 'D', -25, 20, 0.25),
    num('limbalClearance', 'Limbal clearance', 'um', 50, 150, 10),
    num('landingZoneToricity', 'Landing toricity', 'um', 0, 400, 50),
    num('landing12', 'Landing at 12', 'um', -200, 200, 20),
    optionParameter('landingZone', 'Landing zone', [
      ['spherical', 'Spherical'],
      ['toric', 'Toric'],
    ]),
  ],
  priceCents: 40000,
  warrantyDays: 90,
  warranty: DEFAULT_WARRANTY_POLICY,
  active: true,
  version: 0,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

const change = (ruleId: string, c: ParameterChange | null, kind: Suggestion['kind'] = 'change'): Suggestion => ({
  ruleId,
  area: 'central-clearance',
  kind,
  action: 'Flatten the landing all round',
  change: c,
  why: 'because',
  source: 'test',
  labDefault: false,
});
const um = (key: ParameterChange['key'], delta: number): ParameterChange => ({ key, delta, unit: 'um' });
const lens = { sagittalDepth: 4200, diameter: 16.5, sphere: -2, limbalClearance: 100, landingZone: 'spherical' };

describe('applySuggestions: start the reply from the suggestions, in the design steps and ranges', () => {
  it('applies a numeric delta to the current value', () => {
    const result = applySuggestions(lens, [change('central-big', um('sagittalDepth', -150))], design);
    expect(result.parameters.sagittalDepth).toBe(4050);
    expect(result.applied).toEqual(['central-big']);
    expect(result.skipped).toEqual([]);
  });

  it('sums several deltas on the same parameter', () => {
    const result = applySuggestions(
      lens,
      [change('limbal-excessive', um('limbalClearance', -20)), change('midday-fogging', um('limbalClearance', -30))],
      design,
    );
    expect(result.parameters.limbalClearance).toBe(50);
    expect(result.applied).toEqual(['limbal-excessive', 'midday-fogging']);
  });

  it("snaps the result to the design's step (4200 + 175 = 4375 µm -> 4380 µm in 10 µm steps)", () => {
    const result = applySuggestions(lens, [change('central-big', um('sagittalDepth', 175))], design);
    expect(result.parameters.sagittalDepth).toBe(4380);
  });

  it("clamps to the design's range and says so in skipped, while the change still counts as applied", () => {
    const result = applySuggestions(
      { ...lens, sagittalDepth: 6400 },
      [change('central-touch', um('sagittalDepth', 300))],
      design,
    );
    expect(result.parameters.sagittalDepth).toBe(6500);
    expect(result.applied).toEqual(['central-touch']);
    expect(result.skipped).toEqual([
      {
        ruleId: 'central-touch',
        reason: "Sagittal depth was limited to 6500 µm, the design's highest; the suggestions asked for 6700 µm.",
      },
    ]);
  });

  it("a change that cannot move a value already at the design's limit is skipped", () => {
    const result = applySuggestions(
      { ...lens, limbalClearance: 50 },
      [change('midday-fogging', um('limbalClearance', -50))],
      design,
    );
    expect(result.parameters.limbalClearance).toBe(50);
    expect(result.applied).toEqual([]);
    expect(result.skipped[0]?.reason).toBe("Limbal clearance is already at the design's lowest, 50 µm.");
  });

  it('changes that cancel out are skipped and leave the value alone', () => {
    const result = applySuggestions(
      lens,
      [change('limbal-touch', um('limbalClearance', 50)), change('limbal-excessive', um('limbalClearance', -50))],
      design,
    );
    expect(result.parameters.limbalClearance).toBe(100);
    expect(result.skipped.map((s) => s.reason)).toEqual([
      'The changes to limbal clearance cancel out.',
      'The changes to limbal clearance cancel out.',
    ]);
  });

  it('a landing offset the lens has no value for starts from 0 (no adjustment yet)', () => {
    const result = applySuggestions(lens, [change('landing-quadrant-compressed', um('landing12', -40))], design);
    expect(result.parameters.landing12).toBe(-40);
    const toric = applySuggestions(lens, [change('landing-toric-pattern', um('landingZoneToricity', 50))], design);
    expect(toric.parameters.landingZoneToricity).toBe(50);
  });

  it('a sag the current lens does not give cannot be changed', () => {
    const { sagittalDepth: _, ...noSag } = lens;
    const result = applySuggestions(noSag, [change('central-big', um('sagittalDepth', -100))], design);
    expect(result.parameters.sagittalDepth).toBeUndefined();
    expect(result.skipped).toEqual([
      { ruleId: 'central-big', reason: 'There is no current sagittal depth to change.' },
    ]);
  });

  it('a parameter neither the lens nor the design has is skipped', () => {
    const result = applySuggestions({ sagittalDepth: 4200 }, [change('landing-quadrant-lifting', um('landing6', 50))]);
    expect(result.skipped).toEqual([
      { ruleId: 'landing-quadrant-lifting', reason: 'landing6 is not a parameter of this lens.' },
    ]);
  });

  it('a change in another unit than the design parameter is skipped', () => {
    const stepped: LensDesign = {
      ...design,
      parameters: [
        ...design.parameters.filter((p) => p.key !== 'landingZoneToricity'),
        num('landingZoneToricity', 'Toric steps', '', 0, 8, 1),
      ],
    };
    const result = applySuggestions(
      { ...lens, landingZoneToricity: 2 },
      [change('rotation-returns-fast', um('landingZoneToricity', 50))],
      stepped,
    );
    expect(result.parameters.landingZoneToricity).toBe(2);
    expect(result.skipped[0]?.reason).toContain('Toric steps is in plain numbers');
  });

  it('switches the landing zone when the design offers the landing type', () => {
    const toric: ParameterChange = { key: 'landingZone', delta: 0, unit: '', to: 'toric' };
    const result = applySuggestions(lens, [change('landing-toric-pattern', toric)], design);
    expect(result.parameters.landingZone).toBe('toric');
    expect(result.applied).toEqual(['landing-toric-pattern']);
  });

  it('does not switch to a landing type the design does not offer', () => {
    const quadrant: ParameterChange = { key: 'landingZone', delta: 0, unit: '', to: 'quadrant' };
    const result = applySuggestions(lens, [change('x', quadrant)], design);
    expect(result.parameters.landingZone).toBe('spherical');
    expect(result.skipped).toEqual([{ ruleId: 'x', reason: 'Ampleye has no quadrant-specific landing.' }]);
  });

  it('two rules asking for the same landing both apply; a conflicting one is skipped', () => {
    const toric: ParameterChange = { key: 'landingZone', delta: 0, unit: '', to: 'toric' };
    const spherical: ParameterChange = { key: 'landingZone', delta: 0, unit: '', to: 'spherical' };
    const result = applySuggestions(
      lens,
      [
        change('landing-toric-pattern', toric),
        change('over-refraction-flexure', toric),
        change('rotation-does-not-return', spherical),
      ],
      design,
    );
    expect(result.parameters.landingZone).toBe('toric');
    expect(result.applied).toEqual(['landing-toric-pattern', 'over-refraction-flexure']);
    expect(result.skipped[0]?.ruleId).toBe('rotation-does-not-return');
  });

  it('a switch to the landing the lens already has is skipped', () => {
    const spherical: ParameterChange = { key: 'landingZone', delta: 0, unit: '', to: 'spherical' };
    const result = applySuggestions(lens, [change('rotation-does-not-return', spherical)], design);
    expect(result.skipped[0]?.reason).toBe('The landing zone is already spherical.');
  });

  it('a change with no single parameter behind it is left to do by hand; keeps and checks are ignored', () => {
    const result = applySuggestions(
      lens,
      [
        change('landing-circumferential-compression', null),
        change('central-acceptable', null, 'keep'),
        change('reassess-after-4h', null, 'check'),
      ],
      design,
    );
    expect(result.parameters).toEqual(lens);
    expect(result.applied).toEqual([]);
    expect(result.skipped).toEqual([
      {
        ruleId: 'landing-circumferential-compression',
        reason: 'No single parameter holds this change: flatten the landing all round by hand.',
      },
    ]);
  });

  it('without a design the deltas are applied as they are, without binary noise', () => {
    const result = applySuggestions(lens, [
      change('impression-ring', { key: 'diameter', delta: 0.1, unit: 'mm' }),
      change('over-refraction-power', { key: 'sphere', delta: -4.75, unit: 'D' }),
    ]);
    expect(result.parameters.diameter).toBe(16.6);
    expect(result.parameters.sphere).toBe(-6.75);
  });

  it('leaves the current values untouched', () => {
    const current = { ...lens };
    applySuggestions(current, [change('central-big', um('sagittalDepth', -100))], design);
    expect(current).toEqual(lens);
  });

  it("starts a reply from the troubleshooter's own answer", () => {
    const observations = troubleshooterInputSchema.parse({
      lens: { landing: 'spherical', diameterMm: 16.5 },
      minutesOnEye: 480,
      centralClearanceUm: 420,
      impressionRing: true,
      overRefraction: { sphere: -5 },
      landing: [
        { hour: 3, finding: 'blanching' },
        { hour: 9, finding: 'blanching' },
        { hour: 12, finding: 'edge-lift' },
        { hour: 6, finding: 'edge-lift' },
      ],
    });
    const { suggestions } = troubleshoot(observations, DEFAULT_TROUBLESHOOTER_SETTINGS);
    const result = applySuggestions(lens, suggestions, design);
    // 420 - 225 = 195 -> 200 µm decrease, one step less with the toric landing.
    expect(result.parameters).toMatchObject({
      sagittalDepth: 4050,
      landingZone: 'toric',
      diameter: 17.5,
      sphere: -6.75,
    });
    expect(result.applied).toEqual([
      'central-big',
      'landing-toric-pattern',
      'impression-ring',
      'over-refraction-power',
    ]);
    expect(result.skipped).toEqual([]);
  });
});
