import { CLOCK_QUADRANTS, quadrantOf, type ClockQuadrant, type LandingFinding } from '../schemas/consults';

/**
 * What the landing findings by clock hour add up to, quadrant by quadrant. A quadrant is compressed when any
 * of its hours blanches or impinges (pressure wins over lift within one quadrant), lifting when an hour shows
 * edge lift and none is compressed.
 */
export interface LandingReading {
  compressed: ClockQuadrant[];
  lifting: ClockQuadrant[];
  /** Hours of each quadrant that showed the quadrant's finding, for the explanations. */
  hoursOf: Record<ClockQuadrant, number[]>;
  /** Compressed on one meridian and lifting on the other: the sclera is toric. */
  toricPattern: { compressed: [ClockQuadrant, ClockQuadrant]; lifting: [ClockQuadrant, ClockQuadrant] } | null;
  /** Compressed in all four quadrants. */
  circumferential: boolean;
  /** Hours 5 to 7 that show impingement. */
  inferiorImpingement: number[];
}

const INFERIOR_HOURS = new Set([5, 6, 7]);
const PRESSURE: readonly LandingFinding[] = ['blanching', 'impingement'];

export function readLanding(findings: readonly { hour: number; finding: LandingFinding }[]): LandingReading {
  const pressed = new Map<ClockQuadrant, number[]>();
  const lifted = new Map<ClockQuadrant, number[]>();
  for (const { hour, finding } of findings) {
    const quadrant = quadrantOf(hour);
    const into = PRESSURE.includes(finding) ? pressed : finding === 'edge-lift' ? lifted : null;
    if (into) into.set(quadrant, [...(into.get(quadrant) ?? []), hour]);
  }
  const compressed = CLOCK_QUADRANTS.filter((q) => pressed.has(q));
  const lifting = CLOCK_QUADRANTS.filter((q) => lifted.has(q) && !pressed.has(q));
  const hoursOf = Object.fromEntries(
    CLOCK_QUADRANTS.map((q) => [q, sortHours(pressed.get(q) ?? lifted.get(q) ?? [])]),
  ) as Record<ClockQuadrant, number[]>;
  const has = (list: ClockQuadrant[], a: ClockQuadrant, b: ClockQuadrant) => list.includes(a) && list.includes(b);
  let toricPattern: LandingReading['toricPattern'] = null;
  if (has(compressed, 3, 9) && has(lifting, 12, 6)) toricPattern = { compressed: [3, 9], lifting: [12, 6] };
  else if (has(compressed, 12, 6) && has(lifting, 3, 9)) toricPattern = { compressed: [12, 6], lifting: [3, 9] };
  return {
    compressed,
    lifting,
    hoursOf,
    toricPattern,
    circumferential: compressed.length === CLOCK_QUADRANTS.length,
    inferiorImpingement: sortHours(
      findings.filter((f) => f.finding === 'impingement' && INFERIOR_HOURS.has(f.hour)).map((f) => f.hour),
    ),
  };
}

/** Two quadrants 90 degrees apart (12 and 3, 3 and 6, ...), as opposed to the same or opposite ones. */
export function quadrantsAtRightAngles(a: ClockQuadrant, b: ClockQuadrant): boolean {
  const apart = Math.abs((a % 12) - (b % 12));
  return apart === 3 || apart === 9;
}

/** A compressed quadrant 90 degrees from a lifting one: the landing rocks on one meridian (flexure's sign). */
export function compressionBesideLift(reading: LandingReading): [ClockQuadrant, ClockQuadrant] | null {
  for (const c of reading.compressed) {
    const l = reading.lifting.find((q) => quadrantsAtRightAngles(c, q));
    if (l !== undefined) return [c, l];
  }
  return null;
}

/** Hours in clock order from the top: 11, 12, 1 for the superior quadrant. */
function sortHours(hours: number[]): number[] {
  const rank = (h: number) => (h + 1) % 12;
  return [...hours].sort((a, b) => rank(a) - rank(b));
}

/** "12 o'clock", "5, 6 and 7 o'clock". */
export function hoursText(hours: readonly number[]): string {
  const list = hours.length <= 1 ? hours.join('') : `${hours.slice(0, -1).join(', ')} and ${hours.at(-1)}`;
  return `${list} o'clock`;
}
