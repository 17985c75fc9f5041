import { Link } from 'react-router-dom';
import { Logo } from '../../../components/logo';
import styles from './virtual-consultant.module.css';

const TOPICS = [
  {
    title: 'Choosing a lens design',
    text: 'Scleral, corneal GP, custom soft, ortho-k or hybrid: which design suits an irregular cornea, high astigmatism or myopia control.',
  },
  {
    title: 'Parameters and measurements',
    text: 'What to send with an order: topography exports, sagittal depth, OCT images and over-refraction, and how the lab uses them.',
  },
  {
    title: 'Troubleshooting a fit',
    text: 'Excess clearance, edge lift, fogging or decentration: what to change for an exchange within the warranty period.',
  },
];

/**
 * spec 1, 2: the Ampleye Virtual Consultant, reachable without signing in. A public page: no session timer,
 * no overlays, only the page content.
 */
export function VirtualConsultant() {
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <Logo height={38} />
        <Link to="/auth/login">Sign in</Link>
      </header>
      <main className={styles.main}>
        <h1 className={styles.title}>Ampleye Virtual Consultant</h1>
        <p className={styles.lead}>
          Fitting help from the lab's consultants for practitioners working with custom contact lenses. Browse the
          topics below, or call the consultation line and have the patient's measurements at hand.
        </p>
        <div className={styles.topics}>
          {TOPICS.map((topic) => (
            <section key={topic.title} className={styles.topic} aria-label={topic.title}>
              <h2>{topic.title}</h2>
              <p>{topic.text}</p>
            </section>
          ))}
        </div>
        <section className={styles.contact} aria-label="Talk to a consultant">
          <h2>Talk to a consultant</h2>
          <p>
            Monday to Friday, 8:00 to 17:00: <a href="tel:+15550100">+1 555 0100</a> or{' '}
            <a href="mailto:consult@lenslab.example">consult@lenslab.example</a>.
          </p>
        </section>
      </main>
    </div>
  );
}
