import { useId, useState } from 'react';
import type { BuyingGroup } from '../../../../../core/schemas/customers/buying-group';
import { FormDialogActions } from '../../../components/ui/form-dialog';
import { Dialog } from '../../../components/ui/dialog';
import { notify } from '../../../lib/notify';
import { useCreateCustomer } from '../api/create-customer';
import { PracticeForm } from './practice-form';

/** A new practice (route createCustomer); on success the detail of the new practice opens. */
export function CreatePracticeDialog({
  buyingGroups,
  onCreated,
  onClose,
}: {
  buyingGroups: readonly BuyingGroup[];
  onCreated: (accountNumber: string) => void;
  onClose: () => void;
}) {
  const formId = useId();
  const create = useCreateCustomer();
  const [busy, setBusy] = useState(false);
  return (
    <Dialog
      title="New practice"
      size="lg"
      {...(busy ? {} : { onDismiss: onClose })}
      actions={<FormDialogActions formId={formId} busy={busy} onClose={onClose} submitLabel="Create practice" />}
    >
      <PracticeForm
        id={formId}
        buyingGroups={buyingGroups}
        onBusyChange={setBusy}
        mode={{
          kind: 'create',
          onSubmit: async (input) => {
            const created = await create.mutateAsync(input);
            notify.success(`Practice ${created.accountNumber} was created.`);
            onCreated(created.accountNumber);
          },
        }}
      />
    </Dialog>
  );
}
