import type { LensDesign } from '../../../../../../core/schemas/lenses';
import type { ProductionSettings } from '../../../../../../core/schemas/production-settings';
import { orderLeadOf, promiseDates, type LeadLine } from '../../../../../../core/rules/ship-date';
import { Alert } from '../../../../components/ui/alert';
import { hourForPeople, shortDay, zoneForPeople } from '../../../../lib/format-time';
import { enabledEyes, type OrderFormValues } from '../../model/order-form-values';

/**
 * The lab's settings as the form has them: loaded, still loading (undefined) or failed to load (null). A failed
 * load never blocks ordering: the acknowledgement email carries the date.
 */
export type PromiseSettings = ProductionSettings | null | undefined;

/** The lines the promise counts: the enabled eyes whose design is chosen, with their values. */
function leadLines(values: OrderFormValues, designs: Map<string, LensDesign>): LeadLine[] {
  const lines: LeadLine[] = [];
  for (const eye of enabledEyes(values)) {
    const line = values.lines[eye];
    const design = designs.get(line.lensId);
    if (design) lines.push({ design: { type: design.type, leadDays: design.leadDays }, parameters: line.parameters });
  }
  return lines;
}

/**
 * "Ships by Tue, Dec 8 · arrives by Fri, Dec 11 by standard shipping", counted with the server's own rule
 * (promiseDates) on the lab's calendar, so what the practice reads before the submit is what the server promises
 * if it reaches the lab now.
 */
export function ShipPromise({
  values,
  designs,
  settings,
  now = () => new Date(),
}: {
  values: OrderFormValues;
  designs: Map<string, LensDesign>;
  settings: PromiseSettings;
  now?: () => Date;
}) {
  if (settings === undefined) return null;
  if (settings === null)
    return (
      <Alert tone="info" title="Ship date">
        The ship date will be in the email that confirms the lab received the order.
      </Alert>
    );
  const lines = leadLines(values, designs);
  const method = values.shipping.method;
  if (lines.length === 0 || !method) return null;
  const { calendar } = settings;
  const dates = promiseDates({ placedAt: now(), ...orderLeadOf(lines), method, calendar });
  return (
    <Alert tone="info" title="Ship date">
      <p>
        Ships by {shortDay(dates.shipBy)} · arrives by {shortDay(dates.arriveBy)} by {method} shipping
      </p>
      <p>
        The date is confirmed when the lab receives the order: orders placed after {hourForPeople(calendar.cutoffHour)}{' '}
        {zoneForPeople(calendar.timeZone)} start the next business day.
      </p>
    </Alert>
  );
}
