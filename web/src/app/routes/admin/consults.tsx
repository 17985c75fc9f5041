import { ComingLaterPage } from '../../../components/coming-later-page';

/** Placeholder while the consultant pages are built. */
export default function Route() {
  return (
    <ComingLaterPage title="Ampleye Virtual Consultant" description="" emptyTitle="Being built">
      This page is being built.
    </ComingLaterPage>
  );
}
