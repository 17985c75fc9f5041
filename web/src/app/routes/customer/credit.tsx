import { ComingLaterPage } from '../../../components/coming-later-page';

/** /customer/credit (spec 2 menu); its content arrives with a later issue. */
export default function Page() {
  return (
    <ComingLaterPage
      title="Lens Credit"
      description="Credit from exchanges and cancellations within the warranty period."
      emptyTitle="No lens credit yet"
    >
      Credits granted to this account will be listed here with their reason and balance.
    </ComingLaterPage>
  );
}
