import { lazySchema } from './lazy-schema';
import * as z from '../zod';
import { isCalendarDay, isTimeZone } from '../rules/calendar-days';
import {
  CALENDAR_MESSAGES,
  checkShippingCalendar,
  repeatedDays,
  SHIPPING_CALENDAR_LIMITS,
  type ShippingCalendar,
} from '../rules/ship-date';

/**
 * A lab's shipping calendar, as it is stored and edited: the zone its days are named in, the hour after which
 * an order placed today starts tomorrow, its holidays and how many business days each shipping method takes.
 * The rules that read it are core/rules/ship-date.ts: each field is checked with their predicates and messages
 * (a zone Intl knows, real days listed once), so the form and the server give the same words.
 */

const transitDaysSchema = (method: string) => {
  const message = CALENDAR_MESSAGES.transitDays(method);
  return z
    .number({ error: message })
    .check(z.int(message), z.gte(0, message), z.lte(SHIPPING_CALENDAR_LIMITS.transitDays, message));
};

/** The fields alone, so the calendar's type does not wait on the rules that check it (they take that type). */
const calendarFields = () =>
  z.strictObject({
    timeZone: z.string({ error: 'Time zone is required' }).check(
      z.trim(),
      z.maxLength(64, 'Time zone is too long'),
      z.superRefine((zone, ctx) => {
        if (!isTimeZone(zone)) ctx.addIssue({ code: 'custom', message: CALENDAR_MESSAGES.timeZone(zone) });
      }),
    ),
    cutoffHour: z
      .number({ error: CALENDAR_MESSAGES.cutoffHour })
      .check(
        z.int(CALENDAR_MESSAGES.cutoffHour),
        z.gte(0, CALENDAR_MESSAGES.cutoffHour),
        z.lte(23, CALENDAR_MESSAGES.cutoffHour),
      ),
    holidays: z
      .array(
        z.string().check(
          z.superRefine((day, ctx) => {
            if (!isCalendarDay(day)) ctx.addIssue({ code: 'custom', message: CALENDAR_MESSAGES.notADay(day) });
          }),
        ),
      )
      .check(
        z.maxLength(SHIPPING_CALENDAR_LIMITS.holidays, CALENDAR_MESSAGES.tooManyHolidays),
        z.superRefine((days, ctx) => {
          for (const day of repeatedDays(days))
            ctx.addIssue({ code: 'custom', message: CALENDAR_MESSAGES.listedTwice(day) });
        }),
      ),
    transitDays: z.strictObject({
      standard: transitDaysSchema('standard'),
      express: transitDaysSchema('express'),
      overnight: transitDaysSchema('overnight'),
    }),
  });
// The rules own the type (they must not import a schema that imports them); this keeps the two the same shape.
type SameShape<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
const calendarMatchesRules: SameShape<z.infer<ReturnType<typeof calendarFields>>, ShippingCalendar> = true;
void calendarMatchesRules;
export type { ShippingCalendar };

export const shippingCalendarSchema = lazySchema(() =>
  calendarFields().check(
    // Stored tidy: the zone as Intl names it and the holidays in date order (an invalid calendar is left as it is).
    z.overwrite((calendar) => {
      const checked = checkShippingCalendar(calendar);
      return checked.ok ? checked.calendar : calendar;
    }),
  ),
);
