import { useParams } from 'react-router-dom';
import { ConsultAttachments } from '../../../features/attachments';
import { ConsultReview } from '../../../features/consults';

/** /admin/consults/:consultId: one consult and the lab's answer; the page composes the practice's files into it. */
export default function ConsultDetailRoute() {
  const { consultId = '' } = useParams();
  return <ConsultReview key={consultId} consultId={consultId} Attachments={ConsultAttachments} />;
}
