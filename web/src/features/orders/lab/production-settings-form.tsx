import { useEffect } from 'react';
import { CHANGED_MESSAGES, FORM_MESSAGES } from '../../../../../core/messages';
import { localDay, SHIPPING_METHODS, usFederalHolidaysIn } from '../../../../../core/rules/ship-date';
import { SHIPPING_METHOD_LABELS } from '../../../../../core/schemas/orders';
import {
  updateProductionSettingsInputSchema,
  type ProductionSettings,
  type UpdateProductionSettingsInput,
} from '../../../../../core/schemas/production-settings';
import { ConflictAlert } from '../../../components/reload-latest-alert';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import layout from '../../../components/form-layout.module.css';
import { DiscardChanges } from '../../../forms/discard-changes';
import { FormError } from '../../../forms/form-error';
import { WHOLE_NUMBER_INPUT } from '../../../forms/number-inputs';
import { SubmitButton } from '../../../forms/submit-button';
import { usePortalForm } from '../../../forms/use-portal-form';
import { hourForPeople, US_ZONE_NAMES } from '../../../lib/format-time';
import { notify } from '../../../lib/notify';
import { HolidayListEditor } from './holiday-list-editor';
import {
  productionSettingsInputOf,
  productionSettingsValuesOf,
  stageListErrors,
  type ProductionSettingsValues,
} from './production-settings-values';
import { StageListEditor } from './stage-list-editor';
import styles from './production-settings.module.css';

const HOUR_OPTIONS = Array.from({ length: 24 }, (_, hour) => ({ value: String(hour), label: hourForPeople(hour) }));

/** The US zones by the names people use, and the stored zone when it is another one (so it stays chosen). */
function zoneOptions(current: string) {
  const options = Object.entries(US_ZONE_NAMES).map(([zone, name]) => ({ value: zone, label: `${name} (${zone})` }));
  return current in US_ZONE_NAMES ? options : [...options, { value: current, label: `${current} (current)` }];
}

/**
 * Production Settings: the lab's stages and its shipping calendar (time zone, cut-off hour, holidays, business
 * days in transit per shipping method), checked with the route's schema and the stage list's own rules before
 * saving (messages at the fields), saved with the version read, so a save that lost a race says so and "Reload
 * latest" brings the winner (the page re-keys the form on it).
 */
export function ProductionSettingsForm({
  settings,
  onSave,
  onReload,
  onDirtyChange,
  now = () => new Date(),
}: {
  settings: ProductionSettings;
  onSave: (input: UpdateProductionSettingsInput) => Promise<unknown>;
  onReload: () => Promise<unknown>;
  onDirtyChange?: (dirty: boolean) => void;
  /** The clock the coming year is read from (the federal holidays offered). */
  now?: () => Date;
}) {
  const form = usePortalForm({
    initial: productionSettingsValuesOf(settings),
    schema: updateProductionSettingsInputSchema,
    input: (values: ProductionSettingsValues) => productionSettingsInputOf(values, settings.version),
    check: stageListErrors,
    invalidMessage: FORM_MESSAGES.correctMarkedFields,
    failureMessage: 'The production settings could not be saved.',
    onReload,
    submit: async (input) => {
      await onSave(input);
      notify('success', 'Production settings saved.');
    },
  });
  const { values, errors, dirty, formId } = form;
  const saving = form.busy;
  useEffect(() => onDirtyChange?.(dirty), [dirty, onDirtyChange]);

  const federalYear = Number(localDay(now(), settings.calendar.timeZone).slice(0, 4)) + 1;

  return (
    <form id={formId} className={layout.form} onSubmit={form.submit} noValidate aria-label="Production settings">
      <p className={layout.note}>
        {settings.version === 0 ? 'The built-in defaults apply: nobody has saved settings yet. ' : ''}A change applies
        to orders placed after it is saved: orders already placed keep the dates they were promised.
      </p>
      <StageListEditor
        idPrefix={`${formId}-stages`}
        rows={values.stages}
        errors={errors}
        disabled={saving}
        onChange={(stages, cleared) => form.set('stages', stages, cleared)}
      />
      <fieldset className={layout.section} disabled={saving}>
        <legend className={layout.legend}>Shipping calendar</legend>
        <p className={layout.note}>
          The ship-by and arrive-by dates are counted in the lab&apos;s business days: Monday to Friday, less its
          holidays.
        </p>
        <div className={layout.row}>
          <SelectField
            label="Time zone"
            options={zoneOptions(settings.calendar.timeZone)}
            {...form.field('calendar.timeZone')}
          />
          <SelectField
            label="Cut-off hour"
            options={HOUR_OPTIONS}
            hint="An order placed after this hour (lab time), or on a day off, starts on the next business day."
            {...form.field('calendar.cutoffHour')}
          />
        </div>
      </fieldset>
      <fieldset className={layout.section} disabled={saving}>
        <legend className={layout.legend}>Business days in transit</legend>
        {errors['calendar.transitDays'] ? (
          <p className={styles.listError} role="alert">
            {errors['calendar.transitDays']}
          </p>
        ) : null}
        <div className={styles.transit}>
          {SHIPPING_METHODS.map((method) => (
            <TextField
              key={method}
              label={SHIPPING_METHOD_LABELS[method]}
              {...WHOLE_NUMBER_INPUT}
              {...form.field(`calendar.transitDays.${method}`)}
            />
          ))}
        </div>
      </fieldset>
      <HolidayListEditor
        idPrefix={`${formId}-holidays`}
        holidays={values.calendar.holidays}
        errors={errors}
        disabled={saving}
        federalYear={federalYear}
        federalHolidays={usFederalHolidaysIn(federalYear)}
        onChange={(holidays, cleared) => form.set('calendar.holidays', holidays, cleared)}
      />
      <ConflictAlert conflict={form.conflict} title={CHANGED_MESSAGES.productionSettings}>
        Your changes are still in the form. Reloading replaces them with the latest.
      </ConflictAlert>
      <FormError message={form.formError} />
      <div className={layout.actions}>
        <SubmitButton busy={saving} disabled={!dirty}>
          Save settings
        </SubmitButton>
        <DiscardChanges
          dirty={dirty}
          busy={saving}
          onDiscard={() => form.reset(productionSettingsValuesOf(settings))}
        />
      </div>
    </form>
  );
}
