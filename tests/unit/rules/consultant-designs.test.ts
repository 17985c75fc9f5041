import { describe, expect, it } from 'vitest';
import { consultantDesignOf } from '../../../core/rules/consultant-designs';
import { consultantDesignSchema } from '../../../core/schemas/consults';
import { DEFAULT_WARRANTY_POLICY, type LensDesign } from '../../../core/schemas/lenses';
import { numberParameter, optionParameter } from '../../support/lens-parameters';

const design = (parameters: LensDesign['parameters'], description?: string): LensDesign => ({
  lensId: 'ampleye',
  name: 'Ampleye',
  type: 'scleral',
  ...(description ? { description } : {}),
  parameters,
  priceCents: 42000,
  warrantyDays: 90,
  warranty: DEFAULT_WARRANTY_POLICY,
  active: true,
  version: 3,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});

describe('consultantDesignOf: a design as the public troubleshooter shows it (ranges from its parameters, no price)', () => {
  it('takes the diameters from `diameter`, the sag from `sagittalDepth` and the landing types from `landingZone`', () => {
    const shown = consultantDesignOf(
      design(
        [
          numberParameter('sagittalDepth', 'Sag', 'um', 3000, 6500, 10),
          numberParameter('diameter', 'Diameter', 'mm', 15.6, 18, 0.1),
          optionParameter('landingZone', 'Landing zone', [
            ['toric', 'Toric'],
            ['spherical', 'Spherical'],
            ['reverse', 'Reverse geometry'],
          ]),
        ],
        'Toric landing scleral',
      ),
    );
    expect(shown).toEqual({
      lensId: 'ampleye',
      name: 'Ampleye',
      description: 'Toric landing scleral',
      diameterMm: { min: 15.6, max: 18, step: 0.1 },
      sagUm: { min: 3000, max: 6500, step: 10 },
      // Only the landing types the troubleshooter knows, in its own order.
      landingTypes: ['spherical', 'toric'],
    });
    expect(consultantDesignSchema.parse(shown)).toEqual(shown);
  });

  it('never carries the price', () => {
    expect(consultantDesignOf(design([]))).not.toHaveProperty('priceCents');
  });

  it('gives null ranges and no landing types when the parameters are absent or of another kind', () => {
    const shown = consultantDesignOf(
      design([
        {
          kind: 'option',
          key: 'diameter',
          label: 'Diameter',
          options: [{ value: '16', label: '16 mm' }],
          required: true,
        },
        {
          kind: 'option',
          key: 'material',
          label: 'Material',
          options: [{ value: 'xo2', label: 'XO2' }],
          required: true,
        },
      ]),
    );
    expect(shown).toEqual({ lensId: 'ampleye', name: 'Ampleye', diameterMm: null, sagUm: null, landingTypes: [] });
  });
});
