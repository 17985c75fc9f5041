import { ComingLaterPage } from '../../../components/coming-later-page';

/** /admin/email-management (spec 2 menu); its content arrives with a later issue. */
export default function Page() {
  return (
    <ComingLaterPage
      title="Email Management"
      description="Templates of the emails the portal sends."
      emptyTitle="Email management is coming soon"
    >
      Email templates will be edited here.
    </ComingLaterPage>
  );
}
