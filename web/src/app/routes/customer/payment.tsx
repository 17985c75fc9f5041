import { ComingLaterPage } from '../../../components/coming-later-page';

/** /customer/payment (spec 2 menu); its content arrives with a later issue. */
export default function Page() {
  return (
    <ComingLaterPage
      title="Pay Online"
      description="Pay open invoices for the selected account."
      emptyTitle="No invoices to pay"
    >
      Invoices issued when your orders ship will appear here.
    </ComingLaterPage>
  );
}
