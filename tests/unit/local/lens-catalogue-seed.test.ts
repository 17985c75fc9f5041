import { describe, expect, it } from 'vitest';
import { validateLensParameters } from '../../../core/rules/lens-parameters';
import { CHANGE_KEYS, DEFAULT_TROUBLESHOOTER_SETTINGS } from '../../../core/schemas/consults';
import { createLensDesignInputSchema, LENS_TYPES } from '../../../core/schemas/lenses';
import { DEMO_LENS_DESIGNS } from '../../../local/seed/lens-catalogue';

describe('the starter lens catalog', () => {
  it.each(DEMO_LENS_DESIGNS.map((d) => [d.lensId, d] as const))(
    '%s passes the same schema Lens Management submits',
    (_id, { lensId: _lensId, ...design }) => {
      const parsed = createLensDesignInputSchema.safeParse(design);
      expect(parsed.error?.issues ?? []).toEqual([]);
    },
  );

  it('has the fixed ids other features refer to, each once', () => {
    const ids = DEMO_LENS_DESIGNS.map((d) => d.lensId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of [
      'scleral-horizon',
      'gp-precision',
      'soft-custom-toric',
      'orthok-nightshape',
      'hybrid-clarity',
      'ampleye',
      'ampleye-xl',
    ])
      expect(ids).toContain(id);
    expect(ids.length).toBeGreaterThanOrEqual(9);
  });

  it('offers an active design of every lens type', () => {
    for (const type of LENS_TYPES) expect(DEMO_LENS_DESIGNS.some((d) => d.type === type && d.active)).toBe(true);
  });

  it('uses a lab range: sphere and add in 0.25 D, minus cylinder in 0.25 D, axis 1-180 in 1, scleral diameter 14.5-20', () => {
    for (const design of DEMO_LENS_DESIGNS) {
      for (const p of design.parameters) {
        if (p.kind !== 'number') continue;
        if (p.key === 'sphere' || p.key === 'add' || p.key === 'cylinder') expect(p.step, design.lensId).toBe(0.25);
        if (p.key === 'cylinder') expect(p.max, design.lensId).toBeLessThanOrEqual(0);
        if (p.key === 'axis') expect([p.min, p.max, p.step], design.lensId).toEqual([1, 180, 1]);
        if (p.key === 'diameter' && design.type === 'scleral') {
          expect(p.min, design.lensId).toBeGreaterThanOrEqual(14.5);
          expect(p.max, design.lensId).toBeLessThanOrEqual(20);
        }
      }
    }
    const horizon = DEMO_LENS_DESIGNS.find((d) => d.lensId === 'scleral-horizon')!;
    expect(horizon.parameters.find((p) => p.key === 'sagittalDepth')).toMatchObject({
      min: 3000,
      max: 6500,
      unit: 'um',
    });
  });

  it('materials name their Dk', () => {
    for (const design of DEMO_LENS_DESIGNS) {
      const material = design.parameters.find((p) => p.key === 'material');
      if (material?.kind === 'option') for (const o of material.options) expect(o.label).toMatch(/\(Dk \d+\)/);
    }
  });

  it('a typical toric scleral order line passes its design', () => {
    const horizon = DEMO_LENS_DESIGNS.find((d) => d.lensId === 'scleral-horizon')!;
    expect(
      validateLensParameters(horizon.parameters, {
        sagittalDepth: 4350,
        diameter: 16.5,
        sphere: -3.75,
        cylinder: -1.25,
        axis: 180,
        landingZone: 'toric',
        material: 'boston-xo2',
        surfaceTreatment: 'hydra-peg',
      }),
    ).toEqual({});
  });

  describe('the Ampleye family (the designs the virtual consultant covers)', () => {
    const design = (id: string) => DEMO_LENS_DESIGNS.find((d) => d.lensId === id)!;
    const AMPLEYE_KEYS = [
      'sagittalDepth',
      'diameter',
      'landingZone',
      'landingZoneToricity',
      'landing12',
      'landing3',
      'landing6',
      'landing9',
      'limbalClearance',
      'sphere',
      'cylinder',
      'axis',
      'material',
      'surfaceTreatment',
    ];

    it('the consultant’s default designs are seeded, active, scleral, priced and warranted like the Horizon scleral', () => {
      const horizon = design('scleral-horizon');
      for (const id of DEFAULT_TROUBLESHOOTER_SETTINGS.designIds) {
        expect(design(id), id).toMatchObject({
          type: 'scleral',
          active: true,
          priceCents: horizon.priceCents,
          warrantyDays: horizon.warrantyDays,
          warranty: horizon.warranty,
        });
        expect(design(id).description, id).toMatch(
          /rotation marks on the flat meridian, a sag indicator on the steep one/,
        );
      }
      expect(design('ampleye').name).toBe('Ampleye');
      expect(design('ampleye-xl').name).toBe('Ampleye XL');
    });

    it.each(['ampleye', 'ampleye-xl'])('%s has exactly the parameter keys the troubleshooter’s changes name', (id) => {
      const keys = design(id).parameters.map((p) => p.key);
      expect(keys).toEqual(AMPLEYE_KEYS);
      for (const key of CHANGE_KEYS) expect(keys, key).toContain(key);
    });

    it('diameters: Ampleye 15.0-18.0 mm, Ampleye XL 18.5-20.0 mm, both in 0.5 mm steps', () => {
      expect(design('ampleye').parameters.find((p) => p.key === 'diameter')).toMatchObject({
        unit: 'mm',
        min: 15,
        max: 18,
        step: 0.5,
      });
      expect(design('ampleye-xl').parameters.find((p) => p.key === 'diameter')).toMatchObject({
        unit: 'mm',
        min: 18.5,
        max: 20,
        step: 0.5,
      });
    });

    it('sag 3500-6000 µm in 50 µm steps is required; toricity, quadrant landings and limbal clearance are optional µm', () => {
      const params = new Map(design('ampleye').parameters.map((p) => [p.key, p]));
      expect(params.get('sagittalDepth')).toMatchObject({ unit: 'um', min: 3500, max: 6000, step: 50, required: true });
      expect(params.get('landingZone')).toMatchObject({ kind: 'option', required: true });
      const landing = params.get('landingZone');
      if (landing?.kind === 'option')
        expect(landing.options.map((o) => o.value)).toEqual(['spherical', 'toric', 'quadrant']);
      expect(params.get('landingZoneToricity')).toMatchObject({
        unit: 'um',
        min: 0,
        max: 400,
        step: 50,
        required: false,
      });
      for (const hour of [12, 3, 6, 9]) {
        expect(params.get(`landing${hour}`)).toMatchObject({
          label: `Landing at ${hour} o'clock (µm, + steeper)`,
          unit: 'um',
          min: -200,
          max: 200,
          step: 50,
          required: false,
        });
      }
      expect(params.get('limbalClearance')).toMatchObject({ unit: 'um', min: 0, max: 300, step: 50, required: false });
    });

    it('a quadrant-specific Ampleye XL line passes its design; a sag off the 50 µm step does not', () => {
      const xl = design('ampleye-xl');
      const line = {
        sagittalDepth: 4800,
        diameter: 19,
        landingZone: 'quadrant',
        landing6: 100,
        landing12: -50,
        limbalClearance: 100,
        sphere: -2,
        material: 'optimum-infinite',
        surfaceTreatment: 'plasma',
      };
      expect(validateLensParameters(xl.parameters, line)).toEqual({});
      expect(validateLensParameters(xl.parameters, { ...line, sagittalDepth: 4825 })).toHaveProperty('sagittalDepth');
    });
  });
});
