import { randomInt } from 'node:crypto';
import { checkTrackingNumber, type Carrier } from '../../core/rules/tracking-numbers';

/** Random digits, as many as asked. */
const digits = (n: number) => Array.from({ length: n }, () => String(randomInt(10))).join('');

/** The form of each carrier's number before its check digit: UPS 1Z + 15, FedEx 11 digits, USPS IMpb 94 + 19. */
const PAYLOADS: Record<Carrier, () => string> = {
  ups: () => `1Z${digits(15)}`,
  fedex: () => digits(11),
  usps: () => `94${digits(19)}`,
};

/**
 * A valid tracking number of the carrier no other test holds (the parcel index is shared by the tests of a run):
 * a random payload and the one check digit the rules accept for it.
 */
export function uniqueTrackingNumber(carrier: Carrier): string {
  for (;;) {
    const payload = PAYLOADS[carrier]();
    for (let d = 0; d < 10; d += 1) {
      const check = checkTrackingNumber(carrier, `${payload}${d}`);
      if (check.ok && check.carrier === carrier) return check.number;
    }
  }
}

/** The same number with its last digit changed, so its check digit no longer matches. */
export function withWrongCheckDigit(number: string): string {
  const last = Number(number.slice(-1));
  return `${number.slice(0, -1)}${(last + 1) % 10}`;
}
