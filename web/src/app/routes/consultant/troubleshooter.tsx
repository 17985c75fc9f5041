import { ConsultantLayout, Troubleshooter } from '../../../features/consults';

/** /ampleye-virtual-consultant/troubleshooter: public; nothing typed here is sent to the server. */
export default function ConsultantTroubleshooterRoute() {
  return (
    <ConsultantLayout>
      <Troubleshooter />
    </ConsultantLayout>
  );
}
