import { useState, type ReactNode } from 'react';
import { LoadFailed } from '../../../components/load-failed';
import { UnsavedChangesPrompt } from '../../../components/unsaved-changes-prompt';
import { notify } from '../../../lib/notify';
import { useSession } from '../../../lib/session-context';
import { useNotificationPreferences, useUpdateNotificationPreferences } from '../api/notification-preferences';
import { NotificationSettingsForm } from './notification-settings-form';

/** The user's choices: `loading` until they are read, then the form, or what failed. */
export default function NotificationSettingsBody({ loading }: { loading: ReactNode }) {
  const userId = useSession().user?.userId ?? null;
  const preferences = useNotificationPreferences(userId);
  const update = useUpdateNotificationPreferences(userId);
  const [dirty, setDirty] = useState(false);

  if (preferences.isError) {
    return (
      <LoadFailed title="Your notification choices could not be loaded" onRetry={() => void preferences.refetch()} />
    );
  }
  if (!preferences.data) return loading;
  return (
    <>
      {/* A new version (saved here, or reloaded after a conflict) starts the form afresh. */}
      <NotificationSettingsForm
        key={preferences.data.version}
        preferences={preferences.data}
        onSave={async (input) => {
          await update.mutateAsync(input);
          notify.success('Your notification choices were saved.');
        }}
        onReload={() => preferences.refetch()}
        onDirtyChange={setDirty}
      />
      <UnsavedChangesPrompt when={dirty} />
    </>
  );
}
