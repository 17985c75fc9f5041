import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Logo } from '../../../components/logo';
import styles from './terms-panel.module.css';

export interface TermsPanelProps {
  termsUrl: string;
  /** Signed-in users accept here; visitors only read. */
  signedIn: boolean;
  accepting: boolean;
  onAccept: () => void;
  onLogout: () => void;
  /** Shown instead of the form to visitors. */
  signInHref: string;
}

/**
 * spec 2 "Terms page": the terms PDF in an embedded frame, a Logout button, the checkbox 'I agree to the
 * Terms and Conditions' whose link opens the terms in a new tab, and 'Accept Terms', disabled until ticked.
 */
export function TermsPanel({ termsUrl, signedIn, accepting, onAccept, onLogout, signInHref }: TermsPanelProps) {
  const [agreed, setAgreed] = useState(false);
  const checkboxId = useId();
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <Logo height={38} />
        {signedIn ? (
          <Button variant="secondary" size="sm" onClick={onLogout}>
            Logout
          </Button>
        ) : null}
      </header>
      <main className={styles.main}>
        <h1 className={styles.title}>Terms and Conditions</h1>
        <p className={styles.lead}>
          {signedIn
            ? 'Please read the terms of the Lenslab portal. You need to accept them before you can order.'
            : 'The terms of the Lenslab portal and of every lens order.'}
        </p>
        <iframe className={styles.document} src={termsUrl} title="Terms and Conditions document (PDF)" />
        <p className={styles.fallback}>
          Document not showing?{' '}
          <a href={termsUrl} target="_blank" rel="noopener noreferrer">
            Open the terms in a new tab<span className="visually-hidden"> (PDF)</span>
          </a>
          .
        </p>
        {signedIn ? (
          <div className={styles.accept}>
            <div className={styles.checkbox}>
              <input id={checkboxId} type="checkbox" checked={agreed} onChange={(e) => setAgreed(e.target.checked)} />
              <label htmlFor={checkboxId}>
                I agree to the{' '}
                <a href={termsUrl} target="_blank" rel="noopener noreferrer">
                  Terms and Conditions<span className="visually-hidden"> (opens in a new tab)</span>
                </a>
              </label>
            </div>
            <Button onClick={onAccept} disabled={!agreed} loading={accepting}>
              Accept Terms
            </Button>
          </div>
        ) : (
          <p className={styles.accept}>
            <span>
              <a href={signInHref}>Sign in</a> to accept the terms.
            </span>
          </p>
        )}
      </main>
    </div>
  );
}
