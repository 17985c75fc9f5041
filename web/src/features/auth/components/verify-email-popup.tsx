import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';

/**
 * spec 2: the optional 'verify email' popup over the signed-in layout. Customers with an unverified email
 * never reach that layout (the guard sends them to /auth/verify-email); admins may, since they need no
 * verification (spec 6), so it is a reminder they can put off.
 */
export function VerifyEmailPopup({
  email,
  onVerify,
  onLater,
}: {
  email: string;
  onVerify: () => void;
  onLater: () => void;
}) {
  return (
    <Dialog
      title="Verify your email address"
      onDismiss={onLater}
      actions={
        <>
          <Button variant="secondary" onClick={onLater}>
            Later
          </Button>
          <Button onClick={onVerify} data-autofocus>
            Verify now
          </Button>
        </>
      }
    >
      <p>
        The email address <strong>{email}</strong> has not been verified yet. Verifying it lets the lab reach you about
        orders and lets you reset your password yourself.
      </p>
    </Dialog>
  );
}
