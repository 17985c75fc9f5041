import { describe, expect, it } from 'vitest';
import { validateLensParameters } from '../../../core/rules/lens-parameters';
import { createLensDesignInputSchema, LENS_TYPES } from '../../../core/schemas/lens';
import { DEMO_LENS_DESIGNS } from '../../../local/seed/lens-catalogue';

describe('the starter lens catalogue', () => {
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
    for (const id of ['scleral-horizon', 'gp-precision', 'soft-custom-toric', 'orthok-nightshape', 'hybrid-clarity'])
      expect(ids).toContain(id);
    expect(ids.length).toBeGreaterThanOrEqual(7);
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
});
