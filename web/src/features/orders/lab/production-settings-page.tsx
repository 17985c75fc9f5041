import { useCallback, useState } from 'react';
import { Card } from '../../../components/card';
import { LoadFailed } from '../../../components/load-failed';
import { PageHeader } from '../../../components/page-header';
import { UnsavedChangesPrompt } from '../../../components/unsaved-changes-prompt';
import { Spinner } from '../../../components/ui/spinner';
import { useProductionSettingsToEdit, useUpdateProductionSettings } from '../api/production-settings';
import { ProductionSettingsForm } from './production-settings-form';

/**
 * /admin/production-settings (super admins): the lab's production stages and shipping calendar. The form is keyed
 * on the stored version, so a reload after a conflict (or a save) starts from it.
 */
export function ProductionSettingsPage({ now }: { now?: () => Date }) {
  const settings = useProductionSettingsToEdit();
  const update = useUpdateProductionSettings();
  const [dirty, setDirty] = useState(false);
  const onDirtyChange = useCallback((value: boolean) => setDirty(value), []);

  const content = settings.isPending ? (
    <Spinner label="Loading the production settings" />
  ) : settings.isError ? (
    <LoadFailed title="The production settings could not be loaded" onRetry={() => void settings.refetch()} />
  ) : (
    <Card>
      <ProductionSettingsForm
        key={settings.data.version}
        settings={settings.data}
        onSave={(input) => update.mutateAsync(input)}
        onReload={() => settings.refetch()}
        onDirtyChange={onDirtyChange}
        {...(now ? { now } : {})}
      />
    </Card>
  );

  return (
    <>
      <PageHeader
        title="Production Settings"
        description="The stages an order moves through in the lab, and the calendar its ship-by and arrive-by dates are counted on."
      />
      <UnsavedChangesPrompt when={dirty} />
      {content}
    </>
  );
}
