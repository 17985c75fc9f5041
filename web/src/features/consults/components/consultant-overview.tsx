import { Link } from 'react-router-dom';
import { CONSULT_ANSWER_TARGET_BUSINESS_DAYS } from '../../../../../core/schemas/consults';
import { PAGE_PATHS } from '../../../../../core/page-paths';
import { DecisionSupportNote } from './decision-support-note';
import { LabContact } from './lab-contact';
import styles from './consultant-pages.module.css';

const answerTarget =
  CONSULT_ANSWER_TARGET_BUSINESS_DAYS === 1
    ? 'one business day'
    : `${CONSULT_ANSWER_TARGET_BUSINESS_DAYS} business days`;

/**
 * spec 1, 2: the Ampleye Virtual Consultant's front page, public. What Ampleye is, how the troubleshooter and
 * the lab's consultants work together, and the ways in.
 */
export function ConsultantOverview() {
  return (
    <>
      <h1 className={styles.title}>Ampleye Virtual Consultant</h1>
      <p className={styles.lead}>
        Fitting help for Ampleye scleral lenses: describe what you see at the slit lamp and get suggestions at once,
        then ask the lab&apos;s consultants when you want a second opinion or a new parameter set.
      </p>
      <div className={styles.ctas}>
        <Link to={PAGE_PATHS.consultantTroubleshooter} className={styles.primaryLink}>
          Start the troubleshooter
        </Link>
        <Link to={PAGE_PATHS.consultantAsk} className={styles.secondaryLink}>
          Ask a consultant
        </Link>
      </div>

      <div className={styles.panels}>
        <section className={styles.panel} aria-labelledby="overview-ampleye">
          <h2 id="overview-ampleye">What Ampleye is</h2>
          <p>
            Ampleye is a scleral lens with a toric landing zone, so it rests evenly on a sclera that is flatter in one
            meridian than in the other. Rotation marks sit on the flat meridian and the sag indicator on the steep one:
            where the marks settle on the eye tells you how the landing lines up.
          </p>
        </section>

        <section className={styles.panel} aria-labelledby="overview-how">
          <h2 id="overview-how">How the consultant works</h2>
          <ol className={styles.steps}>
            <li>
              <strong>Troubleshooter.</strong> Enter the lens, the wear time, the clearances, the landing by clock hour
              and your test results. Nothing you enter is sent anywhere.
            </li>
            <li>
              <strong>Suggestions.</strong> Each one says what to change, by how much and why, and where the rule comes
              from. Numbers that are the lab&apos;s own defaults are marked.
            </li>
            <li>
              <strong>Ask the lab.</strong> Send the findings and your question to a consultant. The lab answers within{' '}
              {answerTarget} with a proposed parameter set.
            </li>
            <li>
              <strong>Order this.</strong> Signed-in practices order the proposed lens from the answer in one step.
            </li>
          </ol>
        </section>
      </div>

      <DecisionSupportNote className={styles.decision} />

      <section className={styles.panel} aria-labelledby="overview-contact">
        <h2 id="overview-contact">Talk to a consultant</h2>
        <LabContact />
        <p>
          Practices with an account can <Link to={PAGE_PATHS.login}>sign in</Link> to send requests with images and see
          the answers under Consults.
        </p>
      </section>
    </>
  );
}
