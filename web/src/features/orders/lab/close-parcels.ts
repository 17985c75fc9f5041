import {
  CARRIER_LABELS,
  CARRIERS,
  checkTrackingNumber,
  type Carrier,
} from '../../../../../core/rules/tracking-numbers';
import { PARCELS_MESSAGES } from '../../../../../core/schemas/tracking-numbers';

/**
 * The close dialog's parcels as the lab types or scans them: one tracking number a line (a barcode scanner
 * types the number and Enter), each parcel's carrier recognized from its number unless one carrier is chosen
 * for all. Checked line by line with the rule the server uses (core/rules/tracking-numbers.ts), so a mistyped
 * number is named by its line before anything is sent.
 */

export const CARRIER_OPTIONS = [
  { value: '', label: 'Recognize from each number' },
  ...CARRIERS.map((carrier) => ({ value: carrier, label: CARRIER_LABELS[carrier] })),
] as const;

const linesOf = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');

const carrierOf = (value: string): Carrier | undefined =>
  (CARRIERS as readonly string[]).includes(value) ? (value as Carrier) : undefined;

/** closeOrder's `parcels` for the typed lines (the schema normalizes and checks each). */
export function parcelsInput(text: string, carrier: string): { carrier?: Carrier; trackingNumber: string }[] {
  const chosen = carrierOf(carrier);
  return linesOf(text).map((trackingNumber) => (chosen ? { carrier: chosen, trackingNumber } : { trackingNumber }));
}

/** What each line reads as, for the list under the field: its carrier, or why it is not a number. */
export function parcelLines(
  text: string,
  carrier: string,
): { line: number; number: string; carrier?: Carrier; message?: string }[] {
  const seen = new Set<string>();
  return linesOf(text).map((typed, index) => {
    const checked = checkTrackingNumber(carrierOf(carrier), typed);
    if (!checked.ok) return { line: index + 1, number: typed, message: checked.message };
    const key = `${checked.carrier}#${checked.number}`;
    const twice = seen.has(key);
    seen.add(key);
    return {
      line: index + 1,
      number: checked.number,
      carrier: checked.carrier,
      ...(twice ? { message: PARCELS_MESSAGES.listedTwice } : {}),
    };
  });
}

/** The message the tracking field shows, or none: nothing and no "No tracking", both, or the first bad line. */
export function parcelsProblem(text: string, carrier: string, noTracking: boolean): string | undefined {
  const lines = parcelLines(text, carrier);
  if (noTracking) return lines.length > 0 ? PARCELS_MESSAGES.both : undefined;
  if (lines.length === 0) return PARCELS_MESSAGES.required;
  const bad = lines.find((line) => line.message);
  return bad ? `Line ${bad.line}: ${bad.message}` : undefined;
}
