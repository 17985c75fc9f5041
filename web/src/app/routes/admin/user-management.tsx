import { ComingLaterPage } from '../../../components/coming-later-page';

/** /admin/user-management (spec 2 menu); its content arrives with a later issue. */
export default function Page() {
  return (
    <ComingLaterPage
      title="User Management"
      description="Portal users, their roles and their status."
      emptyTitle="User management is coming soon"
    >
      Create, disable and reset portal users here.
    </ComingLaterPage>
  );
}
