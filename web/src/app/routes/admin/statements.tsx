import { localDay } from '../../../../../core/rules/calendar-days';
import { DEFAULT_SHIPPING_CALENDAR } from '../../../../../core/rules/ship-date';
import { mayMoveMoney } from '../../../../../core/routes/access-groups';
import { AdminStatements } from '../../../features/statements';
import { useSession } from '../../../lib/session-context';

/** /admin/statements (admins): one month's statements across every account; corrections for billing staff. */
export default function StatementsRoute() {
  const { user } = useSession();
  return (
    <AdminStatements
      today={localDay(new Date(), DEFAULT_SHIPPING_CALENDAR.timeZone)}
      mayCorrect={mayMoveMoney(user?.groups ?? [])}
    />
  );
}
