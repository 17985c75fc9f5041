import { useSearchParams } from 'react-router-dom';
import { type UserListKind, UserManagement } from '../../../features/users';
import { useSession } from '../../../lib/session-context';

/** /admin/user-management (spec 2 super admin menu); the open list is in the URL (?tab=customers). */
export default function UserManagementRoute() {
  const session = useSession();
  const [params, setParams] = useSearchParams();
  const tab: UserListKind = params.get('tab') === 'customers' ? 'customers' : 'admins';
  return (
    <UserManagement
      tab={tab}
      onTabChange={(next) => setParams(next === 'admins' ? {} : { tab: next }, { replace: true })}
      currentUserId={session.user?.userId ?? null}
    />
  );
}
