import { Logo } from './logo';
import { Spinner } from './ui/spinner';
import styles from './verifying-session-overlay.module.css';

/** spec 2: full-screen 'Verifying session...' overlay with logo and spinner while the session check runs. */
export function VerifyingSessionOverlay() {
  return (
    <div className={styles.overlay} role="status" aria-live="polite" aria-busy="true">
      <Logo height={48} />
      <Spinner size={36} />
      <p className={styles.text}>Verifying session...</p>
    </div>
  );
}
