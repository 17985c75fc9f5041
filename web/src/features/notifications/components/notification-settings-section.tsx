import { lazy, Suspense } from 'react';
import { Card } from '../../../components/card';
import { LoadingLine } from '../../../components/ui/spinner';
import { firstPaint } from '../../../lib/first-paint-hold';
import { useSession } from '../../../lib/session-context';
import { useNotificationPreferences } from '../api/notification-preferences';

/**
 * The form's code (its check brings zod and the notification schemas) loads once the page's first render has
 * painted; the user's choices are asked for meanwhile, beside it (lib/first-paint-hold.ts).
 */
const NotificationSettingsBody = lazy(() => firstPaint().then(() => import('./notification-settings-body')));

/** The "Notifications" section of Settings: what the user hears about, and how. */
export function NotificationSettingsSection({ className }: { className?: string }) {
  useNotificationPreferences(useSession().user?.userId ?? null);
  const loading = <LoadingLine>Loading your notification choices…</LoadingLine>;
  return (
    <Card title="Notifications" className={className}>
      <Suspense fallback={loading}>
        <NotificationSettingsBody loading={loading} />
      </Suspense>
    </Card>
  );
}
