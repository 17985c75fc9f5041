/** The one wording of what the consultant is, shown on every page that gives advice. */
export const DECISION_SUPPORT_TEXT =
  'The Ampleye Virtual Consultant is decision support for the licensed fitter. Its suggestions and the lab’s answers do not replace your clinical judgment: you examine the eye and decide what is fitted.';

export function DecisionSupportNote({ className }: { className?: string }) {
  return (
    <p className={className}>
      <strong>Decision support only.</strong> {DECISION_SUPPORT_TEXT}
    </p>
  );
}
