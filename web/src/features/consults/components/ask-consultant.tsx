import { useMemo, useRef, useState, useEffect } from 'react';
import { Link } from 'react-router-dom';
import { AUTH_STATUS, ROLES } from '../../../../../core/rules/auth-status';
import { troubleshoot } from '../../../../../core/rules/scleral-troubleshooter';
import {
  CONSULT_ANSWER_TARGET_BUSINESS_DAYS,
  DEFAULT_TROUBLESHOOTER_SETTINGS,
} from '../../../../../core/schemas/consults';
import { PAGE_PATHS } from '../../../../../core/page-paths';
import { Spinner } from '../../../components/ui/spinner';
import { useSession } from '../../../lib/session-context';
import { useConsultantSetup, useSubmitPublicConsult } from '../api/public-consultant';
import { clearTroubleshooterHandoff, readTroubleshooterHandoff } from '../model/troubleshooter-handoff';
import { DecisionSupportNote } from './decision-support-note';
import { PublicConsultForm } from './public-consult-form';
import pages from './consultant-pages.module.css';
import styles from './ask-consultant.module.css';

const answerTarget =
  CONSULT_ANSWER_TARGET_BUSINESS_DAYS === 1
    ? 'one business day'
    : `${CONSULT_ANSWER_TARGET_BUSINESS_DAYS} business days`;

/** A signed-in practice sends from its account instead: with images, and the answer under Consults. */
function AccountLink() {
  return (
    <section className={styles.account} aria-labelledby="ask-account">
      <h2 id="ask-account">You are signed in</h2>
      <p>
        Send the request from your practice&apos;s account: you can attach photos, OCT and topography, and the answer
        appears under Consults, ready to order.
      </p>
      <Link to={PAGE_PATHS.customerConsultNew} className={pages.primaryLink}>
        Send it from your account
      </Link>
      <p className={styles.accountAlt}>Or use the form below without your account.</p>
    </section>
  );
}

/** What a visitor sees once the request is stored: the reference to quote and what happens next, nothing else. */
function Sent({ reference }: { reference: string }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className={pages.panel} aria-labelledby="ask-sent">
      <h2 id="ask-sent" ref={heading} tabIndex={-1} className={styles.sentTitle}>
        Request sent
      </h2>
      <p>
        Your reference number is <strong className={styles.reference}>{reference}</strong>. Please quote it if you call
        the lab.
      </p>
      <p>A consultant answers by email within {answerTarget}.</p>
      <p>
        <Link to={PAGE_PATHS.virtualConsultant}>Back to the Ampleye Virtual Consultant</Link>
      </p>
    </section>
  );
}

/**
 * /ampleye-virtual-consultant/ask: a visitor's question to the lab's consultants, with the troubleshooter's
 * findings when it was run in this tab. A signed-in customer is pointed to the account's own form first.
 */
export function AskConsultant() {
  const session = useSession();
  const setup = useConsultantSetup();
  const submit = useSubmitPublicConsult();
  const [handoff, setHandoff] = useState(readTroubleshooterHandoff);
  const [reference, setReference] = useState<string | null>(null);

  const signedInCustomer = session.status === AUTH_STATUS.AUTHENTICATED && session.role === ROLES.CUSTOMER;
  const settings = setup.data?.settings ?? DEFAULT_TROUBLESHOOTER_SETTINGS;
  const suggestions = useMemo(
    () => (handoff ? troubleshoot(handoff.observations, settings).suggestions : []),
    [handoff, settings],
  );

  function removeObservations() {
    clearTroubleshooterHandoff();
    setHandoff(null);
  }

  return (
    <>
      <h1 className={pages.title}>Ask a consultant</h1>
      {reference ? (
        <Sent reference={reference} />
      ) : (
        <>
          <p className={pages.lead}>
            Send your question to the lab&apos;s consultants. The lab answers by email within {answerTarget}, with a
            proposed parameter set when a change is needed.
          </p>
          {signedInCustomer ? <AccountLink /> : null}
          <DecisionSupportNote className={pages.decision} />
          <section className={pages.panel} aria-label="Request form">
            {setup.isPending ? (
              <p role="status" className={styles.loading}>
                <Spinner size={18} /> Loading the form…
              </p>
            ) : (
              <PublicConsultForm
                designs={setup.data?.designs ?? []}
                handoff={handoff}
                suggestions={suggestions}
                onRemoveObservations={removeObservations}
                onSubmit={async (input) => {
                  const answer = await submit.mutateAsync(input);
                  clearTroubleshooterHandoff();
                  setReference(answer.reference);
                }}
              />
            )}
          </section>
        </>
      )}
    </>
  );
}
