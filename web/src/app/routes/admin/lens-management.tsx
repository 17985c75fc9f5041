import { ComingLaterPage } from '../../../components/coming-later-page';

/** /admin/lens-management (spec 2 menu); its content arrives with a later issue. */
export default function Page() {
  return (
    <ComingLaterPage
      title="Lens Management"
      description="The lens catalogue and each design's parameter ranges."
      emptyTitle="Lens management is coming soon"
    >
      Lens designs and their parameter ranges will be maintained here.
    </ComingLaterPage>
  );
}
