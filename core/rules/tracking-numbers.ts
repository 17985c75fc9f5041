/**
 * Carriers and their tracking numbers: which carrier a number belongs to, whether it is well formed (its shape
 * and, where the carrier has one, its check digit) and where to follow it. A number is checked as the lab admin
 * types it on shipping, so a typo is caught before the practice gets a link that finds nothing.
 */

export const CARRIERS = ['ups', 'fedex', 'usps'] as const;
export type Carrier = (typeof CARRIERS)[number];

/** A parcel's state in the portal's words; EasyPost's ten tracker statuses fold into these. */
export const PARCEL_STATUSES = [
  'pre-transit',
  'in-transit',
  'out-for-delivery',
  'delivered',
  'exception',
  'returned',
  'unknown',
] as const;
export type ParcelStatus = (typeof PARCEL_STATUSES)[number];

/**
 * Who tells the portal where parcels are: EasyPost in AWS, the fake carrier only in the local stack and the tests
 * (lambdas/ports/parcel-tracking.ts); the stage config chooses (infra/stage-config.ts `parcelTracking`).
 */
export const PARCEL_TRACKING_KINDS = ['easypost', 'fake'] as const;
export type ParcelTrackingKind = (typeof PARCEL_TRACKING_KINDS)[number];

export const CARRIER_LABELS: Record<Carrier, string> = { ups: 'UPS', fedex: 'FedEx', usps: 'USPS' };

/** What a lab admin reads of each carrier's numbers when one does not fit. */
const SHAPE_HINTS: Record<Carrier, string> = {
  ups: 'UPS numbers are 1Z followed by 16 letters and digits',
  fedex: 'FedEx numbers have 12, 15 or 22 digits',
  usps: 'USPS numbers have 20 to 22 digits, or 2 letters, 9 digits and US',
};

export const TRACKING_MESSAGES = {
  required: 'Enter a tracking number',
  checkDigit: 'The check digit does not match: please check the number',
  unknown: 'This is not a UPS, FedEx or USPS tracking number: please check the number',
} as const;

/** Longest number as typed, spaces and dashes included (the longest shape has 22 characters). */
export const TRACKING_NUMBER_MAX_INPUT = 60;

const digitsOf = (s: string) => [...s].map(Number);

/** GS1 mod 10 (the check of GTINs and SSCCs): weights 3, 1, 3, ... from the right of the payload. */
function gs1CheckDigit(payload: string): number {
  const sum = digitsOf(payload)
    .reverse()
    .reduce((total, d, i) => total + d * (i % 2 === 0 ? 3 : 1), 0);
  return (10 - (sum % 10)) % 10;
}

const gs1Valid = (n: string) => gs1CheckDigit(n.slice(0, -1)) === Number(n.slice(-1));

/** UPS mod 10 over the 15 characters after 1Z: letters as UPS maps them (A=2 ... I=0, J=1, ...), even places doubled. */
function upsValid(n: string): boolean {
  const values = [...n.slice(2, 17)].map((c) => (/\d/.test(c) ? Number(c) : (c.charCodeAt(0) - 65 + 2) % 10));
  const sum = values.reduce((total, v, i) => total + v * (i % 2 === 1 ? 2 : 1), 0);
  return (10 - (sum % 10)) % 10 === Number(n[17]);
}

/** FedEx Express 12 digits: weights 1, 3, 7 repeating from the right over the first 11, sum mod 11, mod 10. */
function fedex12Valid(n: string): boolean {
  const weights = [1, 3, 7];
  const sum = digitsOf(n.slice(0, 11))
    .reverse()
    .reduce((total, d, i) => total + d * weights[i % 3]!, 0);
  return (sum % 11) % 10 === Number(n[11]);
}

/**
 * USPS 20 digits: GS1 mod 10 over the number, or over it behind the "91" it stands for (an IMpb number printed
 * without its application identifier, as on Certified Mail labels, is checked as 91 + the number).
 */
const usps20Valid = (n: string) => gs1Valid(n) || gs1Valid(`91${n}`);

/** S10 (UPU) international: mod 11 over the 8 serial digits with weights 8, 6, 4, 2, 3, 5, 9, 7. */
function s10Valid(n: string): boolean {
  const weights = [8, 6, 4, 2, 3, 5, 9, 7];
  const sum = digitsOf(n.slice(2, 10)).reduce((total, d, i) => total + d * weights[i]!, 0);
  const check = 11 - (sum % 11);
  return (check === 10 ? 0 : check === 11 ? 5 : check) === Number(n[10]);
}

interface Shape {
  carrier: Carrier;
  pattern: RegExp;
  /** The check digit's rule; none for a shape only known by its form. */
  valid?: (n: string) => boolean;
}

/**
 * Each carrier's shapes. Order matters where two overlap: a 22-digit number starting 96 is FedEx Ground's
 * (a USPS 22-digit number also starts with 9), so detection tries FedEx's shapes first.
 */
const SHAPES: readonly Shape[] = [
  { carrier: 'ups', pattern: /^1Z[0-9A-Z]{15}\d$/, valid: upsValid },
  { carrier: 'fedex', pattern: /^\d{12}$/, valid: fedex12Valid },
  { carrier: 'fedex', pattern: /^\d{15}$/, valid: gs1Valid },
  { carrier: 'fedex', pattern: /^96\d{20}$/ },
  { carrier: 'usps', pattern: /^\d{20}$/, valid: usps20Valid },
  { carrier: 'usps', pattern: /^\d{21}$/, valid: gs1Valid },
  { carrier: 'usps', pattern: /^9\d{21}$/, valid: gs1Valid },
  { carrier: 'usps', pattern: /^[A-Z]{2}\d{9}US$/, valid: s10Valid },
];

/** A tracking number as it is stored and compared: no spaces or dashes, upper case. */
export function normalizeTrackingNumber(value: string): string {
  return value.replace(/[\s-]+/g, '').toUpperCase();
}

const shapesOf = (n: string, carrier?: Carrier) =>
  SHAPES.filter((shape) => (!carrier || shape.carrier === carrier) && shape.pattern.test(n));
const passes = (shape: Shape, n: string) => !shape.valid || shape.valid(n);

/** The carrier a number is a valid number of, or null (a shape whose check digit fails is no carrier's). */
export function detectCarrier(number: string): Carrier | null {
  const n = normalizeTrackingNumber(number);
  return shapesOf(n).find((shape) => passes(shape, n))?.carrier ?? null;
}

export type TrackingCheck = { ok: true; carrier: Carrier; number: string } | { ok: false; message: string };

/**
 * A tracking number checked for a carrier (or, without one, for whichever carrier it fits), normalized. The
 * refusal says what a lab admin can act on: the wrong carrier's number, a mistyped check digit, or no shape at all.
 */
export function checkTrackingNumber(carrier: Carrier | undefined, number: string): TrackingCheck {
  const n = normalizeTrackingNumber(number);
  if (n === '') return { ok: false, message: TRACKING_MESSAGES.required };
  const shapes = shapesOf(n, carrier);
  const fit = shapes.find((shape) => passes(shape, n));
  if (fit) return { ok: true, carrier: fit.carrier, number: n };
  const other = carrier ? detectCarrier(n) : null;
  if (carrier && other) {
    const message = `This is not a ${CARRIER_LABELS[carrier]} tracking number: it looks like a ${CARRIER_LABELS[other]} number.`;
    return { ok: false, message };
  }
  if (shapes.length > 0) return { ok: false, message: TRACKING_MESSAGES.checkDigit };
  if (!carrier) return { ok: false, message: TRACKING_MESSAGES.unknown };
  return { ok: false, message: `This is not a ${CARRIER_LABELS[carrier]} tracking number: ${SHAPE_HINTS[carrier]}.` };
}

const TRACKING_PAGES: Record<Carrier, string> = {
  ups: 'https://www.ups.com/track?tracknum=',
  fedex: 'https://www.fedex.com/fedextrack/?trknbr=',
  usps: 'https://tools.usps.com/go/TrackConfirmAction?tLabels=',
};

/** The carrier's public tracking page for a number (normalized, then URL-encoded). */
export function trackingUrl(carrier: Carrier, number: string): string {
  return `${TRACKING_PAGES[carrier]}${encodeURIComponent(normalizeTrackingNumber(number))}`;
}

/** A made-up number of each carrier that passes its own check: for placeholders and demo data. */
const EXAMPLES: Record<Carrier, string> = {
  ups: '1Z999AA10123456784',
  fedex: '123456789012',
  usps: '9400100000000000000006',
};

export function exampleTrackingNumber(carrier: Carrier): string {
  return EXAMPLES[carrier];
}
