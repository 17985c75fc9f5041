import { useId, useState } from 'react';
import type { LensDesign } from '../../../../../core/schemas/lenses';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { FormDialogActions } from '../../../components/ui/form-dialog';
import { Dialog } from '../../../components/ui/dialog';
import { useReloadLatest } from '../../../hooks/use-reload-latest';
import { notify } from '../../../lib/notify';
import { useCreateLensDesign } from '../api/create-lens-design';
import { useUpdateLensDesign } from '../api/update-lens-design';
import { LensDesignForm } from './lens-design-form';

/**
 * Creates a design (no `design`) or edits one. A 409 on save keeps the dialog and the typed values, says
 * the design changed, and offers to load the latest version (`onReload` answers it, or null if it is gone).
 */
export function LensDesignDialog({
  design,
  onClose,
  onReload,
}: {
  design?: LensDesign;
  onClose: () => void;
  onReload: (lensId: string) => Promise<LensDesign | null>;
}) {
  const formId = useId();
  const create = useCreateLensDesign();
  const update = useUpdateLensDesign();
  const [busy, setBusy] = useState(false);
  const [current, setCurrent] = useState(design);
  const [conflict, setConflict] = useState<string | null>(null);
  const { reloading, reload } = useReloadLatest(async () => {
    if (!current) return;
    const latest = await onReload(current.lensId);
    if (latest) {
      setCurrent(latest);
      setConflict(null);
    } else setConflict('This lens design no longer exists.');
  });

  const conflictAlert = conflict ? (
    <Alert tone="warning" title="Not saved">
      <p>{conflict}</p>
      <Button size="sm" variant="secondary" loading={reloading} onClick={() => void reload()}>
        Load the latest version
      </Button>
    </Alert>
  ) : null;

  const submitLabel = current ? 'Save changes' : 'Create design';
  return (
    <Dialog
      title={current ? `Edit ${current.name}` : 'New lens design'}
      size="lg"
      {...(busy ? {} : { onDismiss: onClose })}
      actions={<FormDialogActions formId={formId} busy={busy} onClose={onClose} submitLabel={submitLabel} />}
    >
      <LensDesignForm
        // A reloaded version starts the form again from the stored values.
        key={current ? `${current.lensId}@${current.version}` : 'new'}
        id={formId}
        onBusyChange={setBusy}
        conflict={conflictAlert}
        onConflict={setConflict}
        mode={
          current
            ? {
                kind: 'edit',
                design: current,
                onSubmit: async (input) => {
                  const saved = await update.mutateAsync(input);
                  notify.success(`${saved.name} was saved.`);
                  onClose();
                },
              }
            : {
                kind: 'create',
                onSubmit: async (input) => {
                  const created = await create.mutateAsync(input);
                  notify.success(`${created.name} was created.`);
                  onClose();
                },
              }
        }
      />
    </Dialog>
  );
}
