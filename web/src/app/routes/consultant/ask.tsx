import { ConsultantLayout } from '../../../features/consults/components/consultant-layout';
import { AskConsultant } from '../../../features/consults/components/ask-consultant';

/** /ampleye-virtual-consultant/ask: a visitor's consult request; a signed-in practice is offered its own form. */
export default function ConsultantAskRoute() {
  return (
    <ConsultantLayout>
      <AskConsultant />
    </ConsultantLayout>
  );
}
