import { localDay } from '../../../../../core/rules/calendar-days';
import { DEFAULT_SHIPPING_CALENDAR } from '../../../../../core/rules/ship-date';
import { AdminStatements } from '../../../features/statements';

/** /admin/statements (admins): one month's statements across every account. */
export default function StatementsRoute() {
  return <AdminStatements today={localDay(new Date(), DEFAULT_SHIPPING_CALENDAR.timeZone)} />;
}
