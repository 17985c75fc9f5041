import { LENS_MESSAGES } from '../../../../../core/messages';
import { useState } from 'react';
import { LENS_TYPE_LABELS, type LensDesign } from '../../../../../core/schemas/lenses';
import { Card } from '../../../components/card';
import { EmptyState } from '../../../components/empty-state';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { DataTable, type Column } from '../../../components/ui/data-table';
import { SelectField } from '../../../components/ui/select-field';
import { Spinner } from '../../../components/ui/spinner';
import { failureMessage } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';
import { useLensDesigns } from '../../../lib/lens-catalogue';
import { useUpdateLensDesign } from '../api/update-lens-design';
import { DEFAULT_LEAD_DAYS } from '../../../../../core/rules/ship-date';
import { formatPrice, shipGuaranteeSummary, warrantySummary } from './lens-values';
import list from '../../../components/list-page.module.css';
import styles from './lens-management.module.css';

type Filter = 'active' | 'all';
const FILTER_OPTIONS = [
  { value: 'active', label: 'Active designs' },
  { value: 'all', label: 'All designs' },
];

/** The designs with the fields an update sends back unchanged (everything but the stored metadata). */
export const updateInputOf = (design: LensDesign, changes: Partial<LensDesign> = {}) => {
  const { createdAt: _c, updatedAt: _u, ...rest } = { ...design, ...changes };
  return { ...rest, priceCents: rest.priceCents ?? 0 };
};

/** Lens Management's list: name, type, price, warranty with its policy in short, lead time and guarantee, status; filter active/all; edit, (de)activate. */
export function LensDesignList({ onEdit }: { onEdit: (design: LensDesign) => void }) {
  const [filter, setFilter] = useState<Filter>('active');
  const query = useLensDesigns({ includeInactive: filter === 'all' });
  const update = useUpdateLensDesign();
  const [toggling, setToggling] = useState<LensDesign | null>(null);
  const [toggleError, setToggleError] = useState<string | null>(null);

  async function toggle(design: LensDesign) {
    setToggleError(null);
    try {
      const saved = await update.mutateAsync(updateInputOf(design, { active: !design.active }));
      notify.success(`${saved.name} is now ${saved.active ? 'active' : 'inactive'}.`);
      setToggling(null);
    } catch (error) {
      setToggleError(failureMessage(error, LENS_MESSAGES.designNotSaved));
    }
  }

  const columns: Column<LensDesign>[] = [
    {
      key: 'name',
      header: 'Design',
      primary: true,
      render: (design) => (
        <span className={list.nameCell}>
          <button
            type="button"
            className="link-button"
            onClick={() => onEdit(design)}
            aria-label={`Edit ${design.name}`}
          >
            {design.name}
          </button>
          <span className={list.nameDetail}>{design.lensId}</span>
        </span>
      ),
    },
    { key: 'type', header: 'Type', render: (design) => LENS_TYPE_LABELS[design.type] },
    { key: 'price', header: 'Price', render: (design) => formatPrice(design.priceCents) },
    {
      key: 'warranty',
      header: 'Warranty',
      render: (design) => (
        <span className={list.nameCell}>
          <span>{design.warrantyDays} days</span>
          <span className={list.nameDetail}>{warrantySummary(design.warranty)}</span>
        </span>
      ),
    },
    {
      key: 'lead',
      header: 'Lead time',
      render: (design) => (
        <span className={list.nameCell}>
          <span>{design.leadDays ?? DEFAULT_LEAD_DAYS[design.type]} business days</span>
          <span className={list.nameDetail}>
            {[
              design.leadDays === undefined ? 'Type default' : null,
              design.shipGuarantee ? `Guarantee: ${shipGuaranteeSummary(design.shipGuarantee)}` : null,
            ]
              .filter(Boolean)
              .join(' · ')}
          </span>
        </span>
      ),
    },
    { key: 'parameters', header: 'Parameters', render: (design) => design.parameters.length },
    {
      key: 'status',
      header: 'Status',
      render: (design) =>
        design.active ? <Badge tone="success">Active</Badge> : <Badge tone="warning">Inactive</Badge>,
    },
    {
      key: 'actions',
      header: 'Actions',
      actions: true,
      render: (design) => (
        <span className={styles.rowActions}>
          <Button size="sm" variant="secondary" onClick={() => onEdit(design)} aria-label={`Edit ${design.name}`}>
            Edit
          </Button>
          <Button
            size="sm"
            variant="ghost"
            onClick={() => {
              setToggleError(null);
              setToggling(design);
            }}
            aria-label={`${design.active ? 'Deactivate' : 'Reactivate'} ${design.name}`}
          >
            {design.active ? 'Deactivate' : 'Reactivate'}
          </Button>
        </span>
      ),
    },
  ];

  const items = query.data?.items ?? [];
  return (
    <Card title="Lens designs">
      <div className={list.toolbar}>
        <SelectField
          label="Show"
          className={list.toolbarSelect}
          options={FILTER_OPTIONS}
          value={filter}
          onChange={(event) => setFilter(event.target.value as Filter)}
        />
      </div>
      <p className={list.count} role="status">
        {query.isFetching ? (
          <>
            <Spinner size={14} /> Loading lens designs…
          </>
        ) : query.isSuccess ? (
          `${items.length} ${items.length === 1 ? 'design' : 'designs'}`
        ) : null}
      </p>
      {query.isError ? (
        <Alert tone="error" title="The lens designs could not be loaded">
          <Button size="sm" variant="secondary" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : query.isPending ? null : items.length === 0 ? (
        <EmptyState title={filter === 'active' ? 'No active lens designs' : 'No lens designs yet'}>
          Create a design to make it available on the order form.
        </EmptyState>
      ) : (
        <DataTable caption="Lens designs" columns={columns} rows={items} rowKey={(design) => design.lensId} />
      )}
      {toggling ? (
        <ConfirmDialog
          title={`${toggling.active ? 'Deactivate' : 'Reactivate'} ${toggling.name}?`}
          confirmLabel={toggling.active ? 'Deactivate' : 'Reactivate'}
          tone={toggling.active ? 'danger' : 'primary'}
          busy={update.isPending}
          error={toggleError}
          onConfirm={() => void toggle(toggling)}
          onCancel={() => setToggling(null)}
        >
          <p>
            {toggling.active
              ? 'Practices will no longer see this design on the order form. Past and submitted orders keep it as it was ordered.'
              : 'Practices will see this design on the order form again.'}
          </p>
        </ConfirmDialog>
      ) : null}
    </Card>
  );
}
