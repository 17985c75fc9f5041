import { ConsultantLayout, AskConsultant } from '../../../features/consults';

/** /ampleye-virtual-consultant/ask: a visitor's consult request; a signed-in practice is offered its own form. */
export default function ConsultantAskRoute() {
  return (
    <ConsultantLayout>
      <AskConsultant />
    </ConsultantLayout>
  );
}
