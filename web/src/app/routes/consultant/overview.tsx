import { VirtualConsultant } from '../../../features/consultant/components/virtual-consultant';

/** /ampleye-virtual-consultant: public (spec 2). */
export default function VirtualConsultantRoute() {
  return <VirtualConsultant />;
}
