import { ConsultantLayout } from '../../../features/consults/components/consultant-layout';
import { Troubleshooter } from '../../../features/consults/components/troubleshooter';

/** /ampleye-virtual-consultant/troubleshooter: public; nothing typed here is sent to the server. */
export default function ConsultantTroubleshooterRoute() {
  return (
    <ConsultantLayout>
      <Troubleshooter />
    </ConsultantLayout>
  );
}
