import { CONSULT_ANSWER_TARGET_BUSINESS_DAYS } from '../schemas/consults';

/**
 * How long a consult request has waited for the lab, in business time: Monday to Friday, whole UTC days
 * (the lab answers "within one business day", so a weekend does not count against it).
 */
export interface ConsultAge {
  /** Whole business hours waited. */
  businessHours: number;
  /** Waited more than the answer target (CONSULT_ANSWER_TARGET_BUSINESS_DAYS x 24 business hours). */
  overdue: boolean;
  /** "under 1 h", "3 h", "1 business day 4 h", "2 business days". */
  label: string;
}

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** Milliseconds between two instants that fall on Monday to Friday (UTC). */
export function businessMillisBetween(from: Date, to: Date): number {
  let total = 0;
  let cursor = from.getTime();
  const end = to.getTime();
  while (cursor < end) {
    const nextMidnight = (Math.floor(cursor / DAY_MS) + 1) * DAY_MS;
    const until = Math.min(nextMidnight, end);
    const weekday = new Date(cursor).getUTCDay();
    if (weekday !== 0 && weekday !== 6) total += until - cursor;
    cursor = until;
  }
  return total;
}

export function consultAge(createdAtIso: string, now: Date): ConsultAge {
  const created = new Date(createdAtIso);
  const millis = Number.isNaN(created.getTime()) ? 0 : businessMillisBetween(created, now);
  const businessHours = Math.floor(millis / HOUR_MS);
  return {
    businessHours,
    overdue: millis > CONSULT_ANSWER_TARGET_BUSINESS_DAYS * DAY_MS,
    label: ageLabel(businessHours),
  };
}

function ageLabel(hours: number): string {
  if (hours < 1) return 'under 1 h';
  const days = Math.floor(hours / 24);
  const rest = hours % 24;
  if (days === 0) return `${rest} h`;
  const dayText = `${days} business ${days === 1 ? 'day' : 'days'}`;
  return rest === 0 ? dayText : `${dayText} ${rest} h`;
}
