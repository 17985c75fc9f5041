/** The lab's consultation line, as the consultant's pages have always shown it. */
export const LAB_CONSULT_PHONE = { display: '+1 555 0100', href: 'tel:+15550100' } as const;
export const LAB_CONSULT_EMAIL = 'consult@lenslab.example';

export function LabContact() {
  return (
    <p>
      Talk to a consultant, Monday to Friday, 8:00 to 17:00:{' '}
      <a href={LAB_CONSULT_PHONE.href}>{LAB_CONSULT_PHONE.display}</a> or{' '}
      <a href={`mailto:${LAB_CONSULT_EMAIL}`}>{LAB_CONSULT_EMAIL}</a>.
    </p>
  );
}
