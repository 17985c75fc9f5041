import { useState } from 'react';
import { SESSION_MESSAGES } from '../../../../../core/messages';
import { Card } from '../../../components/card';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { failureMessage } from '../../../lib/form-errors';

/**
 * Settings' "Sign out everywhere": Log Out ends this device's session only, so this is how a user who left a
 * session open elsewhere (or lost a device) ends all of them, this one included
 * (docs/decisions/0019-sign-out-per-device.md). On failure the user stays signed in here and the card says so.
 */
export function SignOutEverywhereCard({ onSignOutEverywhere }: { onSignOutEverywhere: () => Promise<void> }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function signOutEverywhere() {
    setBusy(true);
    setError(null);
    try {
      await onSignOutEverywhere();
    } catch (failure) {
      setError(failureMessage(failure, SESSION_MESSAGES.everywhereFailed));
      setBusy(false);
    }
  }

  return (
    <Card title="Sessions">
      <p>
        Log Out ends the session on this device only. If you are signed in on another computer or phone, or lost one,
        sign out everywhere: every session of your account ends, this one included.
      </p>
      {error ? <Alert tone="error">{error}</Alert> : null}
      <Button variant="secondary" loading={busy} onClick={() => void signOutEverywhere()}>
        Sign out everywhere
      </Button>
    </Card>
  );
}
