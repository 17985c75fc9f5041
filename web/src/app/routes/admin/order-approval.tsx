import { ComingLaterPage } from '../../../components/coming-later-page';

/** /admin/order-approval (spec 2 menu); its content arrives with a later issue. */
export default function Page() {
  return (
    <ComingLaterPage
      title="Order Approval"
      description="Review submitted orders before they go to production."
      emptyTitle="No orders waiting for approval"
    >
      Orders submitted by practices will appear here for review.
    </ComingLaterPage>
  );
}
