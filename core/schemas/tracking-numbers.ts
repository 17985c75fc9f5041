import { lazySchema } from './lazy-schema';
import * as z from '../zod';
import {
  CARRIERS,
  checkTrackingNumber,
  normalizeTrackingNumber,
  TRACKING_MESSAGES,
  TRACKING_NUMBER_MAX_INPUT,
} from '../rules/tracking-numbers';

/**
 * What shipping records of a parcel's carrier: one carrier and the tracking numbers of its parcels. Each number
 * is stored normalized and must be a valid number of that carrier (core/rules/tracking-numbers.ts), so the
 * close dialog and the server refuse a mistyped number with the same message.
 */

/** Parcels one shipment may list: an order is one patient's lenses, so a handful at most. */
export const TRACKING_NUMBERS_PER_SHIPMENT = 10;

export const carrierSchema = lazySchema(() => z.enum(CARRIERS, { error: 'Choose a carrier' }));

export const shipmentTrackingSchema = lazySchema(() =>
  z
    .strictObject({
      carrier: carrierSchema,
      trackingNumbers: z
        .array(
          z
            .string({ error: TRACKING_MESSAGES.required })
            .check(
              z.maxLength(
                TRACKING_NUMBER_MAX_INPUT,
                `A tracking number is at most ${TRACKING_NUMBER_MAX_INPUT} characters`,
              ),
              z.overwrite(normalizeTrackingNumber),
            ),
        )
        .check(
          z.minLength(1, TRACKING_MESSAGES.required),
          z.maxLength(TRACKING_NUMBERS_PER_SHIPMENT, `At most ${TRACKING_NUMBERS_PER_SHIPMENT} tracking numbers`),
        ),
    })
    .check(
      z.superRefine(({ carrier, trackingNumbers }, ctx) => {
        const seen = new Set<string>();
        trackingNumbers.forEach((number, index) => {
          const path = ['trackingNumbers', index];
          const checked = checkTrackingNumber(carrier, number);
          if (!checked.ok) ctx.addIssue({ code: 'custom', path, message: checked.message });
          else if (seen.has(number))
            ctx.addIssue({ code: 'custom', path, message: 'This tracking number is listed twice' });
          seen.add(number);
        });
      }),
    ),
);
export type ShipmentTracking = z.infer<typeof shipmentTrackingSchema>;

/** What the lab reads when a close names neither parcels nor "no tracking". */
export const PARCELS_MESSAGES = {
  required: 'Add the tracking number of each parcel, or choose "No tracking" (hand delivery or the lab\'s courier).',
  both: 'Choose tracking numbers or "No tracking", not both.',
  listedTwice: 'This tracking number is listed twice',
} as const;

/**
 * The parcels a close ships (closeOrder): each a tracking number with its carrier, or without one (the carrier is
 * then the one the number fits). Each number is checked as shipmentTrackingSchema checks its own (its carrier's
 * shape and check digit, the same messages on `parcels.N.trackingNumber`), stored normalized with its carrier
 * filled in, and listed once.
 */
export const shipmentParcelsSchema = lazySchema(() =>
  z
    .array(
      z.strictObject({
        carrier: z.optional(carrierSchema),
        trackingNumber: z
          .string({ error: TRACKING_MESSAGES.required })
          .check(
            z.maxLength(
              TRACKING_NUMBER_MAX_INPUT,
              `A tracking number is at most ${TRACKING_NUMBER_MAX_INPUT} characters`,
            ),
            z.overwrite(normalizeTrackingNumber),
          ),
      }),
    )
    .check(
      z.maxLength(TRACKING_NUMBERS_PER_SHIPMENT, `At most ${TRACKING_NUMBERS_PER_SHIPMENT} parcels`),
      z.superRefine((parcels, ctx) => {
        const seen = new Set<string>();
        parcels.forEach(({ carrier, trackingNumber }, index) => {
          const path = [index, 'trackingNumber'];
          const checked = checkTrackingNumber(carrier, trackingNumber);
          if (!checked.ok) ctx.addIssue({ code: 'custom', path, message: checked.message });
          else if (seen.has(`${checked.carrier}#${checked.number}`))
            ctx.addIssue({ code: 'custom', path, message: PARCELS_MESSAGES.listedTwice });
          if (checked.ok) seen.add(`${checked.carrier}#${checked.number}`);
        });
      }),
      // Checked above, so every number has its carrier now: the one given, or the one it fits.
      z.overwrite((parcels) =>
        parcels.map(({ carrier, trackingNumber }) => {
          const checked = checkTrackingNumber(carrier, trackingNumber);
          return checked.ok
            ? { carrier: checked.carrier, trackingNumber: checked.number }
            : { carrier, trackingNumber };
        }),
      ),
    ),
);
export type ShipmentParcels = z.output<typeof shipmentParcelsSchema>;
