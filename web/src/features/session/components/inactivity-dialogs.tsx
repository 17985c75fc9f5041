import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';

export interface InactivityDialogsProps {
  popup: 'warning' | 'expired' | null;
  /** mm:ss until the session ends. */
  countdown: string;
  onContinue: () => void;
  onLogout: () => void;
  onReturnToLogin: () => void;
}

/** spec 2 "Inactivity popups": the timeout warning with its countdown, and the expired notice. */
export function InactivityDialogs({ popup, countdown, onContinue, onLogout, onReturnToLogin }: InactivityDialogsProps) {
  if (popup === 'warning') {
    return (
      <Dialog
        role="alertdialog"
        title="Session Timeout Warning"
        actions={
          <>
            <Button variant="secondary" onClick={onLogout}>
              Logout
            </Button>
            <Button onClick={onContinue} data-autofocus>
              Continue Session
            </Button>
          </>
        }
      >
        <p>
          You have been inactive for a while. For your security you will be logged out in{' '}
          <strong>
            <time aria-live="off">{countdown}</time>
          </strong>
          .
        </p>
      </Dialog>
    );
  }
  if (popup === 'expired') {
    return (
      <Dialog
        role="alertdialog"
        title="Session Expired"
        actions={
          <Button onClick={onReturnToLogin} data-autofocus>
            Return to Login
          </Button>
        }
      >
        <p>Your session has expired because of inactivity. Please sign in again to continue.</p>
      </Dialog>
    );
  }
  return null;
}
