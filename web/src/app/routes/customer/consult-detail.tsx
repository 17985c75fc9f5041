import { ConsultAttachments } from '../../../features/attachments';
import { ConsultDetailPage } from '../../../features/consults';

/** /customer/consults/:consultId: a consult as sent, its files and the lab's answer with "Order this". */
export default function CustomerConsultDetailRoute() {
  return (
    <ConsultDetailPage
      renderAttachments={({ consultId, canChange }) => (
        <ConsultAttachments consultId={consultId} canChange={canChange} />
      )}
    />
  );
}
