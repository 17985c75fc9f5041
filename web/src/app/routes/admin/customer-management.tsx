import { ComingLaterPage } from '../../../components/coming-later-page';

/** /admin/customer-management (spec 2 menu); its content arrives with a later issue. */
export default function Page() {
  return (
    <ComingLaterPage
      title="Customer Management"
      description="Practices, their account numbers and buying groups."
      emptyTitle="Customer management is coming soon"
    >
      Practices and account requests will be managed here.
    </ComingLaterPage>
  );
}
