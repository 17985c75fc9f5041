import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { CreateLensDesignInput, ParameterDefinition } from '../../core/schemas/lenses';
import { LENS_CATALOGUE_PARTITION, lensNameKey } from '../../lambdas/ports/lens-catalogue';

/**
 * The starter lens catalogue: one or more designs of every type, with the ranges and steps a custom lab
 * uses. The ids are fixed: orders, tests and journeys refer to them. A super
 * admin may change everything in Lens Management; the seed never overwrites such edits.
 *
 * Each design's warranty policy mirrors a real lab's published terms (named beside it), fitted to the
 * design's window. What those terms exclude (lost or patient-damaged lenses, diagnostic sets) is not a
 * policy field: the lab denies such a claim with its reason.
 */
export interface DemoLensDesign extends CreateLensDesignInput {
  lensId: string;
}

type Unit = Extract<ParameterDefinition, { kind: 'number' }>['unit'];
const num = (
  key: string,
  label: string,
  unit: Unit,
  min: number,
  max: number,
  step: number,
  required = true,
): ParameterDefinition => ({ kind: 'number', key, label, unit, min, max, step, required });
const opt = (key: string, label: string, options: [string, string][], required = true): ParameterDefinition => ({
  kind: 'option',
  key,
  label,
  options: options.map(([value, optionLabel]) => ({ value, label: optionLabel })),
  required,
});

// Shared power parameters: sphere and add in 0.25 D steps, minus cylinder in 0.25 D steps, axis 1-180.
const sphere = (min = -20, max = 20) => num('sphere', 'Sphere', 'D', min, max, 0.25);
const cylinder = (min = -6) => num('cylinder', 'Cylinder', 'D', min, 0, 0.25, false);
const axis = num('axis', 'Axis', 'deg', 1, 180, 1, false);
const add = (max = 3.5) => num('add', 'Add', 'D', 0.75, max, 0.25, false);

const GP_MATERIALS: [string, string][] = [
  ['boston-xo', 'Boston XO (Dk 100)'],
  ['boston-xo2', 'Boston XO2 (Dk 141)'],
  ['optimum-extra', 'Optimum Extra (Dk 100)'],
  ['optimum-infinite', 'Optimum Infinite (Dk 180)'],
];
const GP_COLOURS: [string, string][] = [
  ['clear', 'Clear'],
  ['blue', 'Blue'],
  ['green', 'Green'],
  ['grey', 'Grey'],
];
const DOT: [string, string][] = [
  ['none', 'No dot'],
  ['od', 'Dot on OD lens'],
  ['os', 'Dot on OS lens'],
];

const SCLERAL_MATERIALS: [string, string][] = [
  ['boston-xo2', 'Boston XO2 (Dk 141)'],
  ['optimum-infinite', 'Optimum Infinite (Dk 180)'],
  ['contamac-hexafocon-b', 'Contamac Hexafocon B (Dk 141)'],
];
const SURFACE_TREATMENTS: [string, string][] = [
  ['none', 'None'],
  ['plasma', 'Plasma'],
  ['hydra-peg', 'Hydra-PEG'],
];
const LANDING_ZONES: [string, string][] = [
  ['spherical', 'Spherical'],
  ['toric', 'Toric'],
  ['quadrant', 'Quadrant-specific'],
];
/** Scleral terms: Bausch + Lomb's, 120 days, remakes at no charge; full credit once the lens is returned. */
const SCLERAL_WARRANTY = {
  exchangesPerEye: null,
  exchangeFeeCents: 0,
  cancellationCreditPercent: 100,
  returnRequired: true,
};

/** A quadrant's landing, steepened (+) or flattened (-) from the design's landing at that clock hour. */
const landingAt = (hour: 12 | 3 | 6 | 9) =>
  num(`landing${hour}`, `Landing at ${hour} o'clock (µm, + steeper)`, 'um', -200, 200, 50, false);

/**
 * The Ampleye family, the designs the virtual consultant covers (DEFAULT_TROUBLESHOOTER_SETTINGS.designIds).
 * Its suggestions name these keys, so they are the same in both designs and must not be renamed.
 */
const ampleyeParameters = (diameterMin: number, diameterMax: number): ParameterDefinition[] => [
  num('sagittalDepth', 'Sagittal depth', 'um', 3500, 6000, 50),
  num('diameter', 'Diameter', 'mm', diameterMin, diameterMax, 0.5),
  opt('landingZone', 'Landing zone', LANDING_ZONES),
  // The sag difference between the flat and the steep meridian of a toric landing.
  num('landingZoneToricity', 'Landing zone toricity', 'um', 0, 400, 50, false),
  landingAt(12),
  landingAt(3),
  landingAt(6),
  landingAt(9),
  num('limbalClearance', 'Limbal clearance', 'um', 0, 300, 50, false),
  sphere(-25, 20),
  cylinder(-8),
  axis,
  opt('material', 'Material', SCLERAL_MATERIALS),
  opt('surfaceTreatment', 'Surface treatment', SURFACE_TREATMENTS),
];

const AMPLEYE_MARKS = 'rotation marks on the flat meridian, a sag indicator on the steep one';

export const DEMO_LENS_DESIGNS: DemoLensDesign[] = [
  {
    lensId: 'scleral-horizon',
    name: 'Horizon Scleral',
    type: 'scleral',
    description: 'Sag-based scleral for irregular corneas and ocular surface disease.',
    priceCents: 39500,
    warrantyDays: 120,
    // Bausch + Lomb's scleral terms: 120 days, remakes at no charge and without sending the lens back;
    // a cancellation is credited in full once the lens is returned.
    warranty: SCLERAL_WARRANTY,
    active: true,
    parameters: [
      num('sagittalDepth', 'Sagittal depth', 'um', 3000, 6500, 10),
      num('diameter', 'Diameter', 'mm', 14.5, 20, 0.1),
      sphere(-25, 20),
      cylinder(-8),
      axis,
      opt('landingZone', 'Landing zone', LANDING_ZONES),
      num('landingZoneSteps', 'Toric landing steps', '', 1, 8, 1, false),
      num('limbalClearance', 'Limbal clearance', 'um', 50, 150, 10, false),
      opt('material', 'Material', SCLERAL_MATERIALS),
      opt('surfaceTreatment', 'Surface treatment', SURFACE_TREATMENTS),
      opt('dot', 'Dot / notch', DOT, false),
    ],
  },
  {
    lensId: 'ampleye',
    name: 'Ampleye',
    type: 'scleral',
    description: `Mini-scleral, 15.0-18.0 mm, with a toric landing zone: ${AMPLEYE_MARKS}.`,
    // Priced and warranted like the Horizon scleral.
    priceCents: 39500,
    warrantyDays: 120,
    warranty: SCLERAL_WARRANTY,
    active: true,
    parameters: ampleyeParameters(15, 18),
  },
  {
    lensId: 'ampleye-xl',
    name: 'Ampleye XL',
    type: 'scleral',
    description: `Full scleral, 18.5-20.0 mm, with a toric landing zone: ${AMPLEYE_MARKS}.`,
    priceCents: 39500,
    warrantyDays: 120,
    warranty: SCLERAL_WARRANTY,
    active: true,
    parameters: ampleyeParameters(18.5, 20),
  },
  {
    lensId: 'gp-precision',
    name: 'Precision GP',
    type: 'corneal-gp',
    description: 'Corneal rigid gas-permeable lens with custom peripheral curves.',
    priceCents: 14500,
    warrantyDays: 90,
    // Precision CL's terms: one exchange per eye in the 90 days, 50% credit for an unsuccessful patient
    // (no return asked for).
    warranty: { exchangesPerEye: 1, exchangeFeeCents: 0, cancellationCreditPercent: 50, returnRequired: false },
    active: true,
    parameters: [
      num('baseCurve', 'Base curve', 'mm', 6.5, 8.5, 0.01),
      num('diameter', 'Diameter', 'mm', 8.5, 10.5, 0.1),
      num('opticZone', 'Optic zone', 'mm', 6, 9, 0.1, false),
      sphere(),
      cylinder(),
      axis,
      num('centreThickness', 'Center thickness', 'mm', 0.1, 0.4, 0.01, false),
      opt('material', 'Material', GP_MATERIALS),
      opt('colour', 'Color', GP_COLOURS),
      opt('dot', 'Dot', DOT, false),
    ],
  },
  {
    lensId: 'gp-multifocal',
    name: 'Precision GP Multifocal',
    type: 'corneal-gp',
    description: 'Aspheric center-distance corneal GP multifocal.',
    priceCents: 18900,
    warrantyDays: 90,
    // X-Cel's corneal GP terms: unlimited exchanges at a $6 fee each; full credit on a returned lens.
    warranty: { exchangesPerEye: null, exchangeFeeCents: 600, cancellationCreditPercent: 100, returnRequired: true },
    active: true,
    parameters: [
      num('baseCurve', 'Base curve', 'mm', 6.8, 8.3, 0.01),
      num('diameter', 'Diameter', 'mm', 9, 10.2, 0.1),
      sphere(),
      add(3.5),
      opt('material', 'Material', GP_MATERIALS),
      opt('colour', 'Color', GP_COLOURS),
    ],
  },
  {
    lensId: 'soft-custom-toric',
    name: 'Custom Soft Toric',
    type: 'custom-soft',
    description: 'Lathe-cut silicone hydrogel toric for cylinders beyond stock.',
    priceCents: 11000,
    warrantyDays: 90,
    // X-Cel's custom soft terms: unlimited exchanges at a $3 fee each; full credit on a returned lens.
    warranty: { exchangesPerEye: null, exchangeFeeCents: 300, cancellationCreditPercent: 100, returnRequired: true },
    active: true,
    parameters: [
      num('baseCurve', 'Base curve', 'mm', 7.8, 9.3, 0.1),
      num('diameter', 'Diameter', 'mm', 13, 15, 0.1),
      sphere(),
      num('cylinder', 'Cylinder', 'D', -10, -0.75, 0.25),
      num('axis', 'Axis', 'deg', 1, 180, 1),
      opt('material', 'Material', [
        ['definitive-74', 'Definitive 74 (Dk 60)'],
        ['contaflex-ge', 'Contaflex GEM (Dk 29)'],
      ]),
      opt('tint', 'Handling tint', [
        ['none', 'None'],
        ['light-blue', 'Light blue'],
      ]),
    ],
  },
  {
    lensId: 'orthok-nightshape',
    name: 'NightShape Ortho-k',
    type: 'ortho-k',
    description: 'Reverse-geometry overnight ortho-k designed from the target refraction.',
    priceCents: 27500,
    warrantyDays: 90,
    // Visionary Optics' terms: 90 days, exchanges at no charge, 100% credit (shipping excluded: credit is
    // the lens price) once the lenses are returned.
    warranty: { exchangesPerEye: null, exchangeFeeCents: 0, cancellationCreditPercent: 100, returnRequired: true },
    active: true,
    parameters: [
      num('targetRefraction', 'Target refraction', 'D', -6, 0, 0.25),
      num('baseCurve', 'Base (treatment) curve', 'mm', 7.5, 10.5, 0.01),
      num('returnZoneDepth', 'Return zone depth', 'um', 450, 650, 5),
      num('landingZoneAngle', 'Landing zone angle', 'deg', 30, 40, 0.25),
      num('diameter', 'Diameter', 'mm', 10, 11.6, 0.1),
      num('opticZone', 'Optic zone', 'mm', 5, 6, 0.1),
      opt('material', 'Material', [
        ['boston-xo', 'Boston XO (Dk 100)'],
        ['menicon-z', 'Menicon Z (Dk 163)'],
      ]),
      opt('colour', 'Color', GP_COLOURS),
    ],
  },
  {
    lensId: 'hybrid-clarity',
    name: 'Clarity Hybrid',
    type: 'hybrid',
    description: 'GP center with a silicone hydrogel skirt; vault-based fitting.',
    priceCents: 29500,
    warrantyDays: 90,
    // SynergEyes' hybrid terms: 90 days, exchanges at no charge, full credit on a returned lens.
    warranty: { exchangesPerEye: null, exchangeFeeCents: 0, cancellationCreditPercent: 100, returnRequired: true },
    active: true,
    parameters: [
      num('vault', 'Vault', 'um', 50, 550, 50),
      opt('skirtCurve', 'Skirt curve', [
        ['steep', 'Steep'],
        ['medium', 'Medium'],
        ['flat', 'Flat'],
      ]),
      num('diameter', 'Diameter', 'mm', 14.5, 14.5, 0.1),
      sphere(),
      cylinder(-4),
      axis,
      add(2.5),
    ],
  },
  {
    lensId: 'scleral-mini',
    name: 'Mini Scleral Comfort',
    type: 'scleral',
    description: 'Smaller scleral for regular corneas and GP-intolerant wearers.',
    priceCents: 32000,
    warrantyDays: 120,
    // X-Cel's scleral terms: 120 days, unlimited exchanges at a $10 fee each; full credit on a returned lens.
    warranty: { exchangesPerEye: null, exchangeFeeCents: 1000, cancellationCreditPercent: 100, returnRequired: true },
    active: true,
    parameters: [
      num('baseCurve', 'Base curve', 'mm', 7, 9, 0.05),
      num('diameter', 'Diameter', 'mm', 14.5, 16.5, 0.1),
      sphere(),
      cylinder(-6),
      axis,
      opt('material', 'Material', [
        ['boston-xo2', 'Boston XO2 (Dk 141)'],
        ['optimum-extreme', 'Optimum Extreme (Dk 125)'],
      ]),
      opt('dot', 'Dot / notch', DOT, false),
    ],
  },
  {
    lensId: 'soft-keratoconus-legacy',
    name: 'KeraSoft Legacy (discontinued)',
    type: 'custom-soft',
    description: 'Kept for remakes of past orders; no longer offered for new fits.',
    priceCents: 15500,
    warrantyDays: 60,
    // Alden's terms (unlimited exchanges, no fee), on the shorter window this discontinued design kept;
    // full credit on a returned lens.
    warranty: { exchangesPerEye: null, exchangeFeeCents: 0, cancellationCreditPercent: 100, returnRequired: true },
    active: false,
    parameters: [
      num('baseCurve', 'Base curve', 'mm', 7.6, 9, 0.1),
      num('diameter', 'Diameter', 'mm', 14, 15.5, 0.1),
      sphere(-15, 10),
      cylinder(-8),
      axis,
    ],
  },
];

/**
 * Puts each starter design that is not in the table yet (conditional put), with the byCatalogue index
 * attributes. A design that exists is left alone: a restart never undoes a super admin's edits.
 */
export async function seedLensCatalogue(doc: DynamoDBDocumentClient, table: string, now: string): Promise<void> {
  for (const { lensId, ...design } of DEMO_LENS_DESIGNS) {
    try {
      await doc.send(
        new PutCommand({
          TableName: table,
          Item: {
            ...design,
            lensId,
            catalogue: LENS_CATALOGUE_PARTITION,
            nameKey: lensNameKey(design.name, lensId),
            version: 0,
            createdAt: now,
            updatedAt: now,
          },
          ConditionExpression: 'attribute_not_exists(lensId)',
        }),
      );
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
    }
  }
}
