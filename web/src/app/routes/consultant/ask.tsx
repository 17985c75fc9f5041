import { ConsultantLayout } from '../../../features/consultant/components/consultant-layout';
import { AskConsultant } from '../../../features/consultant/components/ask-consultant';

/** /ampleye-virtual-consultant/ask: a visitor's consult request; a signed-in practice is offered its own form. */
export default function ConsultantAskRoute() {
  return (
    <ConsultantLayout>
      <AskConsultant />
    </ConsultantLayout>
  );
}
