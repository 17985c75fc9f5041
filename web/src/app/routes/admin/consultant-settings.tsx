import { useCallback, useState } from 'react';
import { Card } from '../../../components/card';
import { PageHeader } from '../../../components/page-header';
import { UnsavedChangesPrompt } from '../../../components/unsaved-changes-prompt';
import { LoadFailed } from '../../../components/load-failed';
import { Spinner } from '../../../components/ui/spinner';
import {
  useConsultantSettingsSetup,
  useUpdateConsultantSettings,
  ConsultantSettingsForm,
} from '../../../features/consults';
import { useLensDesigns } from '../../../lib/lens-catalogue';

/**
 * /admin/consultant-settings (super admins): the troubleshooter's thresholds and the catalogue designs it
 * covers. The form is keyed on the stored version, so a reload after a conflict (or a save) starts from it.
 */
export default function ConsultantSettingsRoute() {
  const setup = useConsultantSettingsSetup();
  const catalogue = useLensDesigns({ includeInactive: true });
  const update = useUpdateConsultantSettings();
  const [dirty, setDirty] = useState(false);
  const onDirtyChange = useCallback((value: boolean) => setDirty(value), []);

  const content =
    setup.isPending || catalogue.isPending ? (
      <Spinner label="Loading the consultant settings" />
    ) : setup.isError || catalogue.isError ? (
      <LoadFailed
        title="The consultant settings could not be loaded"
        onRetry={() => void Promise.all([setup.refetch(), catalogue.refetch()])}
      />
    ) : (
      <Card>
        <ConsultantSettingsForm
          key={setup.data.settings.version}
          settings={setup.data.settings}
          scleralDesigns={catalogue.data.items.filter((design) => design.type === 'scleral')}
          onSave={(input) => update.mutateAsync(input)}
          onReload={() => setup.refetch()}
          onDirtyChange={onDirtyChange}
        />
      </Card>
    );

  return (
    <>
      <PageHeader
        title="Consultant Settings"
        description="The thresholds the Ampleye Virtual Consultant's troubleshooter uses, and the designs it covers."
      />
      <UnsavedChangesPrompt when={dirty} />
      {content}
    </>
  );
}
