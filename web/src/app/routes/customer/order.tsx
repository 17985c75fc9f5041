import { ComingLaterPage } from '../../../components/coming-later-page';

/** /customer/order (spec 2 menu); its content arrives with a later issue. */
export default function Page() {
  return (
    <ComingLaterPage
      title="Order Form"
      description="Order custom lenses for a patient, per eye."
      emptyTitle="Online ordering is coming soon"
    >
      Until then, send orders to the lab by phone or email as usual.
    </ComingLaterPage>
  );
}
