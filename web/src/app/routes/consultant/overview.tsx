import { ConsultantLayout } from '../../../features/consults/components/consultant-layout';
import { ConsultantOverview } from '../../../features/consults/components/consultant-overview';

/** /ampleye-virtual-consultant: public (spec 1, 2). */
export default function VirtualConsultantRoute() {
  return (
    <ConsultantLayout>
      <ConsultantOverview />
    </ConsultantLayout>
  );
}
