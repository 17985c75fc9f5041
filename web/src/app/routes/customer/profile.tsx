import { ComingLaterPage } from '../../../components/coming-later-page';

/** /customer/profile (spec 2 menu); its content arrives with a later issue. */
export default function Page() {
  return (
    <ComingLaterPage
      title="Profile"
      description="Your contact details and practice addresses."
      emptyTitle="Profile editing is coming soon"
    >
      Contact the lab to change your details in the meantime.
    </ComingLaterPage>
  );
}
