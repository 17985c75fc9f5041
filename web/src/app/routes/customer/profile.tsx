import { useState } from 'react';
import { Card } from '../../../components/card';
import { PageHeader } from '../../../components/page-header';
import { UnsavedChangesPrompt } from '../../../components/unsaved-changes-prompt';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { useMyProfile, useUpdateMyProfile, AccountNumbersCard, ProfileForm } from '../../../features/profile';
import { notify } from '../../../lib/notify';
import { useSession } from '../../../lib/session-context';
import styles from './profile.module.css';

/**
 * /customer/profile (spec 2 customer menu, spec 3 User): the user's own contact details and address, saved
 * with the version read; the account numbers are the lab's and shown read-only.
 */
export default function ProfileRoute() {
  const session = useSession();
  const userId = session.user?.userId ?? null;
  const profile = useMyProfile(userId);
  const update = useUpdateMyProfile(userId);
  const [dirty, setDirty] = useState(false);

  return (
    <>
      <PageHeader title="Profile" description="Your contact details and address. The lab uses them to reach you." />
      {profile.isPending ? (
        <p className={styles.loading}>
          <Spinner size={18} /> Loading your profile…
        </p>
      ) : profile.isError ? (
        <Alert tone="error" title="Your profile could not be loaded">
          <Button size="sm" variant="secondary" onClick={() => void profile.refetch()} loading={profile.isFetching}>
            Try again
          </Button>
        </Alert>
      ) : (
        <div className={styles.grid}>
          <Card title="Your details">
            {/* A new version (saved here, or reloaded after a conflict) starts the form afresh. */}
            <ProfileForm
              key={profile.data.profile.version}
              profile={profile.data.profile}
              onSave={async (input) => {
                await update.mutateAsync(input);
                notify.success('Your profile was saved.');
              }}
              onReload={() => profile.refetch()}
              onDirtyChange={setDirty}
            />
          </Card>
          <AccountNumbersCard
            main={profile.data.profile.accountNumber}
            additional={profile.data.profile.accountNumbers}
          />
        </div>
      )}
      <UnsavedChangesPrompt when={dirty} />
    </>
  );
}
