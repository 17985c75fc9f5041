import {
  LIMBAL_SIDES,
  SUGGESTION_AREAS,
  type LandingType,
  type LimbalSide,
  type Suggestion,
  type TroubleshooterObservations,
  type TroubleshooterResult,
  type TroubleshooterSettingsFields,
} from '../schemas/consults';
import { compressionBesideLift, hoursText, readLanding, type LandingReading } from './scleral-landing';
import { remainingSettlingUm, settledClearanceUm, settledFraction } from './scleral-settling';
import { roundToStep, roundUpToStep } from './step-rounding';

/**
 * The scleral fit troubleshooter: from what the fitter sees at the slit lamp to quantified changes in the
 * lab's terms. Pure, and run both in the browser (the public troubleshooter) and on the server (a consult
 * request stores the suggestions worked out again). Every threshold and step comes from the settings.
 */

export { settledClearanceUm };

export const SOURCES = {
  literature:
    'Published scleral fitting guidance (Contact Lens Spectrum; Review of Cornea & Contact Lenses; van der Worp, A Guide to Scleral Lens Fitting; BostonSight)',
  artOptical: 'Art Optical, Ampleye toricity guide (rotation and tap tests)',
  optics: 'Vertex distance correction (standard optics)',
  lab: "The lab's default (no published value)",
} as const;

type Settings = TroubleshooterSettingsFields;

/** Published: re-assess clearance after 4 hours of wear at the follow-up. */
const REASSESS_AFTER_MINUTES = 240;
/** Published: read the toric landing's marks after 10-20 minutes on the eye. */
const TORIC_MARKS_AFTER_MINUTES = 10;
/** Spectacle-plane powers beyond this are vertex corrected. */
const VERTEX_THRESHOLD_D = 4;
/** The usual 12 mm vertex distance, in metres: a convention, not a scleral source's number. */
const VERTEX_DISTANCE_M = 0.012;
const POWER_STEP_D = 0.25;
const MINI_SCLERAL_MM = { min: 15, max: 18 };
const FULL_SCLERAL_MAX_MM = 24;

const um = (value: number) => `${value} µm`;
const signedUm = (value: number) => `${value > 0 ? '+' : value < 0 ? '−' : ''}${um(Math.abs(value))}`;
const dioptres = (value: number) => `${value > 0 ? '+' : value < 0 ? '−' : ''}${Math.abs(value).toFixed(2)} D`;
function mm(value: number): string {
  const text = String(Number(value.toFixed(2)));
  return `${text.includes('.') ? text : `${text}.0`} mm`;
}
function listText(items: readonly string[]): string {
  return items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/** Works out the suggestions for one lens on one eye, in the order the areas are listed (timing first). */
export function troubleshoot(observations: TroubleshooterObservations, settings: Settings): TroubleshooterResult {
  const landing = readLanding(observations.landing);
  const settled =
    observations.centralClearanceUm === undefined
      ? null
      : settledClearanceUm(observations.centralClearanceUm, observations.minutesOnEye, settings);
  const central = centralClearance(observations, settings, landing);
  const findings = [
    ...central.suggestions,
    ...limbalClearance(observations, settings),
    ...landingFindings(observations, settings, landing, central.sagDelta),
    ...toricityTests(observations, settings),
    ...overRefraction(observations, landing),
  ];
  if (findings.length === 0) findings.push(nothingFound(observations));
  const suggestions = [...timing(observations, settings), ...findings];
  // A stable sort keeps each area's suggestions in the order the rules give them.
  const rank = (s: Suggestion) => SUGGESTION_AREAS.indexOf(s.area);
  return { settledClearanceUm: settled, suggestions: suggestions.sort((a, b) => rank(a) - rank(b)) };
}

function timing(o: TroubleshooterObservations, s: Settings): Suggestion[] {
  if (o.minutesOnEye >= s.judgeAfterMinutes) return [];
  return [
    {
      ruleId: 'timing-too-early',
      area: 'timing',
      kind: 'check',
      action: `Judge again after at least ${s.judgeAfterMinutes} minutes on the eye`,
      change: null,
      why:
        `The lens has been on the eye for ${o.minutesOnEye} min; clearance and landing are judged after at least ` +
        `${s.judgeAfterMinutes} min, once the lens has begun to settle. Until then the suggestions use the ` +
        'clearance expected after settling.',
      source: SOURCES.literature,
      labDefault: false,
    },
  ];
}

// ---------------------------------------------------------------------------------------------------------
// Central clearance

function centralClearance(
  o: TroubleshooterObservations,
  s: Settings,
  landing: LandingReading,
): { suggestions: Suggestion[]; sagDelta: number | null } {
  const measured = o.centralClearanceUm;
  if (measured === undefined) return { suggestions: [], sagDelta: null };
  const remaining = remainingSettlingUm(o.minutesOnEye, s);
  const settled = settledClearanceUm(measured, o.minutesOnEye, s);
  const seen =
    remaining > 0
      ? `${um(measured)} measured after ${o.minutesOnEye} min, less about ${um(remaining)} still to settle ` +
        `(settling allowance ${um(s.settlingAllowanceUm)}), is about ${um(settled)} settled`
      : `${um(measured)} measured after ${o.minutesOnEye} min, once the lens has settled`;
  const base = { area: 'central-clearance' as const, source: SOURCES.literature, labDefault: true };

  let proposal: { ruleId: string; delta: number; why: string };
  if (measured === 0) {
    // Touch is never "too small to change": step up a lot, then bracket back.
    const delta = roundUpToStep(s.targetClearanceUm + remaining, s.sagStepUm);
    const suggestion: Suggestion = {
      ...base,
      ruleId: 'central-touch',
      kind: 'change',
      action: `Increase the sag by ${um(delta)}, then bracket back`,
      change: { key: 'sagittalDepth', delta, unit: 'um' },
      why:
        'Central touch (0 µm): the lens bears on the cornea. Step up a lot: the target ' +
        `${um(s.targetClearanceUm)}${remaining > 0 ? ` plus about ${um(remaining)} still to settle` : ''}, ` +
        `rounded up to the ${um(s.sagStepUm)} sag step, is ${um(delta)}; then bracket back toward the target ` +
        'with the next lens.',
    };
    return { suggestions: [suggestion, ...reassess(o)], sagDelta: delta };
  }
  if (settled >= s.minClearanceUm && settled <= s.maxClearanceUm) {
    const keep: Suggestion = {
      ...base,
      ruleId: 'central-acceptable',
      kind: 'keep',
      action: 'Keep the sag',
      change: null,
      why:
        `Central clearance ${seen}: inside the acceptable ${s.minClearanceUm}-${um(s.maxClearanceUm)} ` +
        `(target ${um(s.targetClearanceUm)}).`,
    };
    return { suggestions: [keep], sagDelta: null };
  }
  const error = s.targetClearanceUm - settled;
  const oneToOne =
    `Sag changes 1:1 with the clearance error: ${um(s.targetClearanceUm)} target − ${um(settled)} = ` +
    `${signedUm(error)}, rounded to the ${um(s.sagStepUm)} sag step`;
  if (settled < s.minClearanceUm) {
    proposal = {
      ruleId: 'central-too-little',
      delta: roundToStep(error, s.sagStepUm),
      why:
        `Central clearance ${seen}: below ${um(s.minClearanceUm)}, too little` +
        `${settled === 0 ? ' (it will touch once settled)' : ''}. ${oneToOne}`,
    };
  } else if (settled <= s.excessiveClearanceUm) {
    proposal = {
      ruleId: 'central-big',
      delta: roundToStep(error, s.sagStepUm),
      why: `Central clearance ${seen}: above ${um(s.maxClearanceUm)}, big. ${oneToOne}`,
    };
  } else {
    proposal = {
      ruleId: 'central-excessive',
      delta: roundToStep(error, s.sagStepUm),
      why: `Central clearance ${seen}: above ${um(s.excessiveClearanceUm)}, excessive. ${oneToOne}`,
    };
  }
  let { delta, why } = proposal;
  why += `: ${signedUm(delta)}.`;
  if (landing.toricPattern && delta < 0) {
    delta += s.sagStepUm;
    why += ` A toric landing (see Landing) settles closer, so the decrease is one ${um(s.sagStepUm)} step smaller: ${signedUm(delta)}.`;
  }
  if (delta === 0 || Math.abs(delta) < s.minSagChangeUm) {
    const keep: Suggestion = {
      ...base,
      ruleId: 'central-change-too-small',
      kind: 'keep',
      action: 'Keep the sag',
      change: null,
      why: `${why} Keep the sag: a change under ${um(s.minSagChangeUm)} is not worth a remake.`,
    };
    return { suggestions: [keep], sagDelta: null };
  }
  const change: Suggestion = {
    ...base,
    ruleId: proposal.ruleId,
    kind: 'change',
    action: `${delta > 0 ? 'Increase' : 'Decrease'} the sag by ${um(Math.abs(delta))}`,
    change: { key: 'sagittalDepth', delta, unit: 'um' },
    why,
  };
  return { suggestions: [change, ...reassess(o)], sagDelta: delta };
}

/** A sag judged within the first hours is confirmed at the follow-up, once the lens has settled further. */
function reassess(o: TroubleshooterObservations): Suggestion[] {
  if (o.minutesOnEye >= REASSESS_AFTER_MINUTES) return [];
  const percent = Math.round(settledFraction(o.minutesOnEye) * 100);
  return [
    {
      ruleId: 'reassess-after-4h',
      area: 'central-clearance',
      kind: 'check',
      action: 'Re-assess the central clearance after 4 hours of wear at the follow-up',
      change: null,
      why:
        `Judged after ${o.minutesOnEye} min, the lens has done about ${percent}% of its settling (published ` +
        'curve); confirm the new sag with the clearance after at least 4 hours of wear.',
      source: SOURCES.literature,
      labDefault: false,
    },
  ];
}

// ---------------------------------------------------------------------------------------------------------
// Limbal clearance

function limbalClearance(o: TroubleshooterObservations, s: Settings): Suggestion[] {
  const sides = LIMBAL_SIDES.flatMap((side) => {
    const value = o.limbalClearanceUm[side];
    return value === undefined ? [] : [{ side, value }];
  });
  const named = (list: { side: LimbalSide; value: number }[]) =>
    listText(list.map(({ side, value }) => `${um(value)} ${side}`));
  const highest = sides.length > 0 ? Math.max(...sides.map((x) => x.value)) : null;
  const base = { area: 'limbal-clearance' as const, source: SOURCES.literature, labDefault: true };
  const out: Suggestion[] = [];

  const touching = sides.filter((x) => x.value === 0);
  if (touching.length > 0) {
    out.push({
      ...base,
      ruleId: 'limbal-touch',
      kind: 'change',
      action: `Raise the limbal clearance by ${um(s.limbalStepUm)}`,
      change: { key: 'limbalClearance', delta: s.limbalStepUm, unit: 'um' },
      why:
        `Limbal touch (0 µm) at the ${listText(touching.map((x) => x.side))} limbus: the lens bears on it. Raise the ` +
        `limbal clearance by one ${um(s.limbalStepUm)} limbal step (aim about ${um(s.limbalTargetUm)}).`,
    });
  }

  let excessiveDelta = 0;
  const excessive = sides.filter((x) => x.value > s.limbalExcessiveUm);
  if (excessive.length > 0 && highest !== null) {
    excessiveDelta = -Math.max(s.limbalStepUm, roundToStep(highest - s.limbalTargetUm, s.limbalStepUm));
    out.push({
      ...base,
      ruleId: 'limbal-excessive',
      kind: 'change',
      action: `Lower the limbal clearance by ${um(-excessiveDelta)}`,
      change: { key: 'limbalClearance', delta: excessiveDelta, unit: 'um' },
      why:
        `Limbal clearance ${named(excessive)}: above ${um(s.limbalExcessiveUm)}, excessive. Aim about ` +
        `${um(s.limbalTargetUm)}: ${um(highest)} − ${um(s.limbalTargetUm)} = ${um(highest - s.limbalTargetUm)}, ` +
        `rounded to the ${um(s.limbalStepUm)} limbal step (at least one step).`,
    });
  }

  if (o.middayFogging) {
    const from = highest ?? s.limbalTargetUm;
    const total = -Math.max(s.limbalStepUm, roundToStep(from - s.limbalFoggingTargetUm, s.limbalStepUm));
    // The changes add up when a reply starts from them, so this one is only what the excessive rule left.
    const further = Math.min(0, total - excessiveDelta);
    const measured =
      highest === null
        ? `No limbal clearance was measured, so the ${um(s.limbalTargetUm)} aim is taken`
        : `The highest limbal clearance measured is ${um(highest)}`;
    const arithmetic =
      `${measured}: lowering it toward ${um(s.limbalFoggingTargetUm)} is ${um(from)} − ` +
      `${um(s.limbalFoggingTargetUm)}, rounded to the ${um(s.limbalStepUm)} limbal step (at least one step): ` +
      `${um(-total)} in all`;
    out.push({
      ...base,
      ruleId: 'midday-fogging',
      kind: further < 0 ? 'change' : 'check',
      action:
        further < 0
          ? `Lower the limbal clearance by ${excessiveDelta < 0 ? 'a further ' : ''}${um(-further)}: lower the sag and/or flatten over the limbus`
          : 'Lower the sag and/or flatten over the limbus, as the limbal change above does',
      change: further < 0 ? { key: 'limbalClearance', delta: further, unit: 'um' } : null,
      why:
        'Midday fogging: debris collects in a deep tear reservoir over the limbus. ' +
        `${arithmetic}${excessiveDelta < 0 ? `, of which the excessive-clearance change above gives ${um(-excessiveDelta)}` : ''}.`,
    });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------
// Landing (fluorescein and white light by clock hour) and the impression ring

function landingFindings(
  o: TroubleshooterObservations,
  s: Settings,
  landing: LandingReading,
  sagDelta: number | null,
): Suggestion[] {
  const out: Suggestion[] = [];
  const base = { area: 'landing' as const, source: SOURCES.literature };
  const lens = o.lens.landing;
  const toric = landing.toricPattern;

  if (toric) {
    const pattern =
      `Compression at ${hoursText(toric.compressed.flatMap((q) => landing.hoursOf[q]))} with edge lift at ` +
      `${hoursText(toric.lifting.flatMap((q) => landing.hoursOf[q]))}: the sclera is toric and the landing ` +
      'rests on one meridian only.';
    const sag =
      sagDelta === null
        ? ` A toric landing settles closer: keep the sag or add one step (${um(s.sagStepUm)}).`
        : sagDelta < 0
          ? ` A toric landing settles closer, so the sag decrease above is one ${um(s.sagStepUm)} step smaller.`
          : '';
    if (lens === 'spherical') {
      out.push({
        ...base,
        ruleId: 'landing-toric-pattern',
        kind: 'change',
        action: 'Change to a toric landing',
        change: { key: 'landingZone', delta: 0, unit: '', to: 'toric' },
        why: `${pattern} Change the spherical landing to a toric one.${sag}`,
        labDefault: sag !== '',
      });
    } else {
      out.push({
        ...base,
        ruleId: 'landing-toric-pattern',
        kind: 'change',
        action: `Increase the landing toricity by ${um(s.toricityStepUm)}`,
        change: { key: 'landingZoneToricity', delta: s.toricityStepUm, unit: 'um' },
        why: `${pattern} The ${lens} landing needs more toricity: one ${um(s.toricityStepUm)} toricity step.${sag}`,
        labDefault: true,
      });
    }
  }

  if (landing.circumferential) {
    out.push({
      ...base,
      ruleId: 'landing-circumferential-compression',
      kind: 'change',
      action: `Flatten the landing by ${um(s.quadrantStepUm)} all round and steepen the center to keep the sag`,
      change: null,
      why:
        'Compression in all four quadrants: the landing is too steep all round. Flatten the landing by one ' +
        `quadrant step (${um(s.quadrantStepUm)}) and steepen the center so the sag, and the central clearance, ` +
        'stay the same.',
      labDefault: true,
    });
  }

  const inferiorImpingement = landing.inferiorImpingement.length > 0;
  if (inferiorImpingement) {
    out.push({
      ...base,
      ruleId: 'landing-inferior-impingement',
      kind: 'check',
      action: 'Do a push-up test before changing the inferior landing',
      change: null,
      why:
        `Impingement at ${hoursText(landing.inferiorImpingement)}: push the lens up through the lower lid. A lens ` +
        'that will not move is bearing on the sclera there; a lens that moves and eases may be riding low ' +
        'instead. Change the inferior landing only after the test.',
      labDefault: false,
    });
  }

  const quadrantRulesApply = !toric && !landing.circumferential;
  const [onlyCompressed] = landing.compressed;
  if (
    quadrantRulesApply &&
    landing.compressed.length === 1 &&
    onlyCompressed !== undefined &&
    !(onlyCompressed === 6 && inferiorImpingement)
  ) {
    out.push({
      ...base,
      ruleId: 'landing-quadrant-compressed',
      kind: 'change',
      action: `Flatten the landing at ${onlyCompressed} o'clock by ${um(s.quadrantStepUm)}`,
      change: { key: `landing${onlyCompressed}`, delta: -s.quadrantStepUm, unit: 'um' },
      why:
        `Compression (blanching or impingement) only in the ${onlyCompressed} o'clock quadrant ` +
        `(${hoursText(landing.hoursOf[onlyCompressed])}): flatten that quadrant by one quadrant step ` +
        `(${um(s.quadrantStepUm)}).${quadrantNote(lens)}`,
      labDefault: true,
    });
  }
  const [onlyLifting] = landing.lifting;
  if (!toric && landing.lifting.length === 1 && onlyLifting !== undefined) {
    out.push({
      ...base,
      ruleId: 'landing-quadrant-lifting',
      kind: 'change',
      action: `Steepen the landing at ${onlyLifting} o'clock by ${um(s.quadrantStepUm)}`,
      change: { key: `landing${onlyLifting}`, delta: s.quadrantStepUm, unit: 'um' },
      why:
        `Edge lift only in the ${onlyLifting} o'clock quadrant (${hoursText(landing.hoursOf[onlyLifting])}): ` +
        `steepen that quadrant by one quadrant step (${um(s.quadrantStepUm)}).${quadrantNote(lens)}`,
      labDefault: true,
    });
  }

  if (o.impressionRing) {
    out.push({
      area: 'diameter',
      source: SOURCES.literature,
      ruleId: 'impression-ring',
      kind: 'change',
      action: `Increase the diameter by ${mm(s.diameterStepMm)}`,
      change: { key: 'diameter', delta: s.diameterStepMm, unit: 'mm' },
      why:
        'An impression ring with rebound redness: the landing presses too hard on too small an area. A ' +
        `larger lens spreads the load: ${mm(s.diameterStepMm)} larger.${newDiameter(o.lens.diameterMm, s)}`,
      labDefault: false,
    });
  }
  return out;
}

function quadrantNote(lens: LandingType): string {
  return lens === 'quadrant' ? '' : ' Changing one quadrant needs a quadrant-specific landing.';
}

function newDiameter(diameterMm: number | undefined, s: Settings): string {
  if (diameterMm === undefined) return '';
  const next = Number((diameterMm + s.diameterStepMm).toFixed(2));
  const size =
    next < MINI_SCLERAL_MM.min
      ? `below the mini-scleral range (${mm(MINI_SCLERAL_MM.min)} to ${mm(MINI_SCLERAL_MM.max)})`
      : next <= MINI_SCLERAL_MM.max
        ? `a mini-scleral lens (${mm(MINI_SCLERAL_MM.min)} to ${mm(MINI_SCLERAL_MM.max)})`
        : next <= FULL_SCLERAL_MAX_MM
          ? `a full scleral lens (18.1 to ${mm(FULL_SCLERAL_MAX_MM)})`
          : `above the full scleral range (up to ${mm(FULL_SCLERAL_MAX_MM)})`;
  return ` The lens is ${mm(diameterMm)}; ${mm(next)} is ${size}.`;
}

// ---------------------------------------------------------------------------------------------------------
// Art Optical's toricity tests

const ROTATION: Record<string, { ruleId: string; direction: -1 | 1; seen: string } | undefined> = {
  'returns-fast': { ruleId: 'rotation-returns-fast', direction: 1, seen: 'it returns fast' },
  'returns-slowly': { ruleId: 'rotation-returns-slowly', direction: -1, seen: 'it returns slowly' },
  'does-not-return': { ruleId: 'rotation-does-not-return', direction: -1, seen: 'it does not return' },
};
const TAP: Record<string, { ruleId: string; direction: -1 | 0 | 1; seen: string } | undefined> = {
  'flat-meridian': { ruleId: 'tap-flat-meridian', direction: -1, seen: 'dye is drawn under along the flat meridian' },
  'steep-meridian': { ruleId: 'tap-steep-meridian', direction: 1, seen: 'dye is drawn under along the steep meridian' },
  'none-drawn': { ruleId: 'tap-none-drawn', direction: 0, seen: 'no dye is drawn under' },
};

function toricityTests(o: TroubleshooterObservations, s: Settings): Suggestion[] {
  const rotation = ROTATION[o.rotationTest];
  const tap = TAP[o.tapTest];
  if (!rotation && !tap) return [];
  const base = { area: 'toricity' as const, source: SOURCES.artOptical };
  if (o.lens.landing === 'spherical') {
    return [
      {
        ...base,
        ruleId: 'toricity-tests-on-spherical',
        kind: 'check',
        action: 'No toricity to adjust: the lens has a spherical landing',
        change: null,
        why:
          'The rotation and tap tests judge the toricity of a toric landing; this lens has a spherical landing, ' +
          'so they have no toricity to judge. The landing findings by clock hour show whether it needs a toric one.',
        labDefault: false,
      },
    ];
  }
  const step = um(s.toricityStepUm);
  const toricity = (ruleId: string, direction: -1 | 1, why: string): Suggestion => ({
    ...base,
    ruleId,
    kind: 'change',
    action: `${direction > 0 ? 'Increase' : 'Decrease'} the landing toricity by ${step}`,
    change: { key: 'landingZoneToricity', delta: direction * s.toricityStepUm, unit: 'um' },
    why: `${why} ${direction > 0 ? 'Add' : 'Take away'} one toricity step (${step}).`,
    labDefault: true,
  });
  const out: Suggestion[] = [];
  if (rotation) {
    const why = `Rotation test (the settled lens turned 30-40 degrees): ${rotation.seen}.`;
    out.push(
      rotation.ruleId === 'rotation-does-not-return'
        ? {
            ...base,
            ruleId: rotation.ruleId,
            kind: 'change',
            action: 'Consider a spherical landing',
            change: { key: 'landingZone', delta: 0, unit: '', to: 'spherical' },
            why: `${why} The landing's toricity does not match the sclera: a spherical landing may sit better.`,
            labDefault: false,
          }
        : toricity(rotation.ruleId, rotation.direction, why),
    );
  }
  if (tap) {
    const why = `Tap test (dye on the front surface or sclera, none in the bowl): ${tap.seen}.`;
    out.push(
      tap.direction === 0
        ? {
            ...base,
            ruleId: tap.ruleId,
            kind: 'keep',
            action: 'Keep the landing toricity',
            change: null,
            why: `${why} The landing seals on both meridians.`,
            labDefault: false,
          }
        : toricity(tap.ruleId, tap.direction, why),
    );
  }
  if (rotation && tap && rotation.direction * tap.direction < 0) {
    // Art Optical's guide does not say which test wins; sending the fit on is the lab's own advice.
    out.push({
      ...base,
      source: SOURCES.lab,
      ruleId: 'toricity-tests-disagree',
      kind: 'check',
      action: 'Send this fit to a consultant: the toricity tests disagree',
      change: null,
      why:
        `The rotation test asks for ${rotation.direction > 0 ? 'more' : 'less'} toricity and the tap test for ` +
        `${tap.direction > 0 ? 'more' : 'less'}; the lab's consultant can tell which one to follow from photos or video.`,
      labDefault: false,
    });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------
// Over-refraction and the toric marks

function overRefraction(o: TroubleshooterObservations, landing: LandingReading): Suggestion[] {
  const out: Suggestion[] = [];
  const refraction = o.overRefraction;
  const spherical = o.lens.landing === 'spherical';
  const rocking = compressionBesideLift(landing);
  if (refraction && refraction.cylinder !== 0 && refraction.cylinderMatchesOverK && rocking) {
    const [pressed, lifted] = rocking;
    const seen =
      `Residual cylinder ${dioptres(refraction.cylinder)} matches the over-keratometry, with compression at ` +
      `${pressed} o'clock 90 degrees from edge lift at ${lifted} o'clock: the lens flexes on the toric sclera.`;
    out.push({
      area: 'landing',
      source: SOURCES.literature,
      ruleId: 'over-refraction-flexure',
      labDefault: false,
      ...(spherical
        ? {
            kind: 'change',
            action: 'Change to a toric landing',
            change: { key: 'landingZone', delta: 0, unit: '', to: 'toric' },
            why: `${seen} A toric landing stops the flexure.`,
          }
        : {
            kind: 'check',
            action: 'Check the landing toricity: the lens still flexes',
            change: null,
            why: `${seen} The landing is already ${o.lens.landing}: check its toricity with the rotation and tap tests.`,
          }),
    });
  }

  if (refraction && refraction.sphere !== 0) {
    const f = refraction.sphere;
    const vertexed = Math.abs(f) > VERTEX_THRESHOLD_D;
    const atEye = vertexed ? f / (1 - VERTEX_DISTANCE_M * f) : f;
    const delta = roundToStep(atEye, POWER_STEP_D);
    const how = vertexed
      ? ` at the spectacle plane is ${dioptres(Number(atEye.toFixed(2)))} at the eye (12 mm vertex distance: ` +
        `F / (1 − 0.012 × F)), rounded to 0.25 D: ${dioptres(delta)}.`
      : `: at ${VERTEX_THRESHOLD_D.toFixed(2)} D or less the vertex distance makes no difference.`;
    out.push({
      area: 'power',
      source: SOURCES.optics,
      ruleId: 'over-refraction-power',
      kind: 'change',
      action: `Change the sphere by ${dioptres(delta)}`,
      change: { key: 'sphere', delta, unit: 'D' },
      why: `Over-refraction sphere ${dioptres(f)}${how}`,
      // Only the vertex correction (its 12 mm distance) is the lab's convention; a smaller power is taken as it is.
      labDefault: vertexed,
    });
  }

  if (o.toricMarksAt !== undefined && !spherical) {
    const early = o.minutesOnEye < TORIC_MARKS_AFTER_MINUTES;
    out.push({
      area: 'power',
      source: SOURCES.literature,
      ruleId: 'toric-marks',
      kind: 'check',
      action: early
        ? `Wait until the lens has been on for ${TORIC_MARKS_AFTER_MINUTES} minutes, then read the toric marks again`
        : `Report the toric marks at ${o.toricMarksAt} o'clock with the over-refraction`,
      change: null,
      why:
        `The toric landing's marks sit at ${o.toricMarksAt} o'clock after ${o.minutesOnEye} min. They show how ` +
        'the landing has settled, which places any front cylinder; read them after 10-20 min on the eye.',
      labDefault: false,
    });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------
// Nothing to say

function nothingFound(o: TroubleshooterObservations): Suggestion {
  const entered =
    o.centralClearanceUm !== undefined ||
    LIMBAL_SIDES.some((side) => o.limbalClearanceUm[side] !== undefined) ||
    o.landing.length > 0 ||
    o.impressionRing ||
    o.middayFogging ||
    o.rotationTest !== 'not-done' ||
    o.tapTest !== 'not-done' ||
    o.overRefraction !== undefined ||
    o.toricMarksAt !== undefined;
  const base = { area: 'central-clearance' as const, kind: 'keep' as const, change: null, labDefault: false };
  if (entered) {
    return {
      ...base,
      ruleId: 'nothing-to-change',
      action: 'Keep the lens as it is',
      why:
        'Nothing entered calls for a change.' +
        (o.centralClearanceUm === undefined ? ' The central clearance, once measured, may still call for one.' : ''),
      source: SOURCES.literature,
    };
  }
  return {
    ...base,
    ruleId: 'no-findings',
    action: 'Enter what you see to get suggestions',
    why:
      'No findings were entered. Enter the central clearance (OCT or optic section), the limbal clearance by ' +
      'side, the landing by clock hour, the rotation and tap tests for a toric landing and the over-refraction.',
    source: SOURCES.literature,
  };
}
