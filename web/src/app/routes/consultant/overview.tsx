import { ConsultantLayout, ConsultantOverview } from '../../../features/consults';

/** /ampleye-virtual-consultant: public (spec 1, 2). */
export default function VirtualConsultantRoute() {
  return (
    <ConsultantLayout>
      <ConsultantOverview />
    </ConsultantLayout>
  );
}
