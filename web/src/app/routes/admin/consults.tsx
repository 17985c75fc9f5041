import { PageHeader } from '../../../components/page-header';
import { ConsultQueue } from '../../../features/consults';

/** /admin/consults: the consult requests practices and visitors sent, oldest first. */
export default function ConsultsRoute() {
  return (
    <>
      <PageHeader
        title="Consults"
        description="Fit questions from practices and visitors, oldest first. The lab answers within one business day."
      />
      <ConsultQueue />
    </>
  );
}
