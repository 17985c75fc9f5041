import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { LensDesign } from '../../../../../core/schemas/lenses';
import { PageHeader } from '../../../components/page-header';
import { Button } from '../../../components/ui/button';
import { LensDesignDialog, LensDesignList } from '../../../features/lenses';
import { lensDesignsQueryOptions } from '../../../lib/lens-catalogue';

type Editing = { kind: 'create' } | { kind: 'edit'; design: LensDesign } | null;

/**
 * /admin/lens-management (super admin): the lens catalogue. Each design's parameter definitions drive the
 * order form's fields and the server's checks of an order.
 */
export default function LensManagementRoute() {
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<Editing>(null);

  // After a 409 the dialog asks for the stored version: read the whole catalogue fresh and pick it.
  const latest = async (lensId: string) => {
    const options = lensDesignsQueryOptions({ includeInactive: true });
    await queryClient.invalidateQueries({ queryKey: options.queryKey });
    const { items } = await queryClient.fetchQuery(options);
    return items.find((d) => d.lensId === lensId) ?? null;
  };

  return (
    <>
      <PageHeader
        title="Lens Management"
        description="The lens catalog: each design's parameters, ranges and steps, price and warranty."
        actions={<Button onClick={() => setEditing({ kind: 'create' })}>New lens design</Button>}
      />
      <LensDesignList onEdit={(design) => setEditing({ kind: 'edit', design })} />
      {editing ? (
        <LensDesignDialog
          {...(editing.kind === 'edit' ? { design: editing.design } : {})}
          onClose={() => setEditing(null)}
          onReload={latest}
        />
      ) : null}
    </>
  );
}
