import { LANDING_TYPES, type ConsultantDesign, type LandingType } from '../schemas/consults';
import type { LensDesign } from '../schemas/lenses';

/**
 * A catalogue design as the public troubleshooter shows it: its diameters, sag range and landing types from
 * its parameter definitions (Lens Management is the one home of those ranges), never its price.
 */
export function consultantDesignOf(design: LensDesign): ConsultantDesign {
  const range = (key: string) => {
    const def = design.parameters.find((p) => p.key === key);
    return def?.kind === 'number' ? { min: def.min, max: def.max, step: def.step } : null;
  };
  const landing = design.parameters.find((p) => p.key === 'landingZone');
  const offered = new Set(landing?.kind === 'option' ? landing.options.map((o) => o.value) : []);
  const landingTypes = LANDING_TYPES.filter((type: LandingType) => offered.has(type));
  return {
    lensId: design.lensId,
    name: design.name,
    ...(design.description ? { description: design.description } : {}),
    diameterMm: range('diameter'),
    sagUm: range('sagittalDepth'),
    landingTypes,
  };
}
