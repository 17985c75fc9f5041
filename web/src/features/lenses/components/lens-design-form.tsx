import { FORM_MESSAGES, LENS_MESSAGES } from '../../../../../core/messages';
import { useEffect, type ReactNode } from 'react';
import { DEFAULT_LEAD_DAYS, SURFACE_TREATMENT_DAYS } from '../../../../../core/rules/ship-date';
import {
  createLensDesignInputSchema,
  LENS_TYPE_LABELS,
  LENS_TYPES,
  type LensType,
  type ShipGuaranteeRemedy,
  updateLensDesignInputSchema,
  type CreateLensDesignInput,
  type LensDesign,
  type UpdateLensDesignInput,
} from '../../../../../core/schemas/lenses';
import { CheckboxField } from '../../../components/ui/checkbox-field';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { FormError } from '../../../forms/form-error';
import { usePortalForm } from '../../../forms/use-portal-form';
import layout from '../../../components/form-layout.module.css';
import { ParameterEditor } from './parameter-editor';
import {
  lensDesignInputOf,
  lensDesignValuesOf,
  shipGuaranteeOf,
  shipGuaranteeSummary,
  type LensDesignValues,
} from './lens-values';
import { DECIMAL_INPUT, WHOLE_NUMBER_INPUT } from '../../../forms/number-inputs';

export type LensDesignFormMode =
  | { kind: 'create'; onSubmit: (input: CreateLensDesignInput) => Promise<unknown> }
  | { kind: 'edit'; design: LensDesign; onSubmit: (input: UpdateLensDesignInput) => Promise<unknown> };

const TYPE_OPTIONS = LENS_TYPES.map((type) => ({ value: type, label: LENS_TYPE_LABELS[type] }));
const REMEDY_OPTIONS: { value: ShipGuaranteeRemedy; label: string }[] = [
  { value: 'free-lenses', label: 'The lenses are free' },
  { value: 'credit', label: 'Lens credit to the practice' },
];

/** What a blank lead means for the chosen type (or for each type, before one is chosen). */
function leadDaysHint(type: LensType | '') {
  const treated = `A surface treatment adds ${SURFACE_TREATMENT_DAYS} business day.`;
  if (type === '') {
    const defaults = LENS_TYPES.map((t) => `${LENS_TYPE_LABELS[t]} ${DEFAULT_LEAD_DAYS[t]}`).join(', ');
    return `Lab work for one lens, from the day work starts. Blank: the lens type's default (${defaults}). ${treated}`;
  }
  return `Lab work for one lens, from the day work starts. Blank: the ${LENS_TYPE_LABELS[type]} default, ${DEFAULT_LEAD_DAYS[type]} business days. ${treated}`;
}

/** The guarantee as the practice will read it, once its values make one; nothing while they do not. */
function guaranteeLine(values: LensDesignValues['shipGuarantee']): string | null {
  const guarantee = shipGuaranteeOf(values, {});
  if (!guarantee || !Number.isInteger(guarantee.businessDays) || guarantee.businessDays < 1) return null;
  if (guarantee.remedy === 'credit' && !Number.isInteger(guarantee.creditCents)) return null;
  return `Guarantee: ${shipGuaranteeSummary(guarantee)}.`;
}

/**
 * Creates or edits a lens design: name, type, description, price, active, the warranty policy (window,
 * exchanges per eye, exchange fee, cancellation credit, return required), and the parameter
 * definitions that drive the order form and the server's checks. Checked with the route's own schema
 * before sending; the server's field messages land on the same fields. The submit button lives in the
 * dialog around it (`form={id}`).
 */
export function LensDesignForm({
  id,
  mode,
  conflict,
  onConflict,
  onBusyChange,
}: {
  id: string;
  mode: LensDesignFormMode;
  /** Shown above the fields after a 409 (the design changed since it was opened). */
  conflict?: ReactNode;
  onConflict?: (message: string) => void;
  onBusyChange?: (busy: boolean) => void;
}) {
  const editing = mode.kind === 'edit';
  /** The route's input for the typed values: an edit names the design and the version read. */
  const inputOf = (values: LensDesignValues): CreateLensDesignInput | UpdateLensDesignInput => {
    const { input } = lensDesignInputOf(values);
    return mode.kind === 'edit' ? { lensId: mode.design.lensId, version: mode.design.version, ...input } : input;
  };
  const form = usePortalForm({
    formId: id,
    initial: lensDesignValuesOf(mode.kind === 'edit' ? mode.design : undefined),
    schema: editing ? updateLensDesignInputSchema : createLensDesignInputSchema,
    input: inputOf,
    // Numbers typed as text: "must be a number" where the schema could only say "expected number".
    check: (values) => lensDesignInputOf(values).errors,
    invalidMessage: FORM_MESSAGES.correctMarkedFields,
    failureMessage: LENS_MESSAGES.designNotSaved,
    // Editing: the design changed since it was opened; the dialog says so with the server's words.
    ...(editing ? { onConflict: (error: { message: string }) => onConflict?.(error.message) } : {}),
    // The form's own input is sent: the server parses it with the same schema.
    submit: (_checked, values) =>
      mode.kind === 'edit'
        ? mode.onSubmit(inputOf(values) as UpdateLensDesignInput)
        : mode.onSubmit(inputOf(values) as CreateLensDesignInput),
  });
  const { values, errors, busy } = form;
  useEffect(() => {
    onBusyChange?.(busy);
  }, [busy, onBusyChange]);

  return (
    <form id={id} className={layout.form} onSubmit={form.submit} noValidate>
      {conflict}
      <FormError message={form.formError} />
      <fieldset className={layout.section} disabled={busy}>
        <legend className={layout.legend}>Design</legend>
        <div className={layout.row}>
          <TextField label="Name" autoComplete="off" required {...form.field('name')} />
          <SelectField
            label="Type"
            placeholder="Choose a type"
            options={TYPE_OPTIONS}
            required
            {...form.field('type')}
          />
        </div>
        <TextField label="Description (optional)" autoComplete="off" {...form.field('description')} />
        <TextField
          label="Price per lens (USD)"
          {...DECIMAL_INPUT}
          required
          hint="Shown only to practices whose account may see prices."
          {...form.field('priceCents')}
        />
        <CheckboxField
          label="Active"
          hint="Only active designs can be ordered. Past orders keep the design as it was."
          {...form.checkbox('active')}
        />
      </fieldset>
      <fieldset className={layout.section} disabled={busy}>
        <legend className={layout.legend}>Warranty policy</legend>
        <div className={layout.row}>
          <TextField
            label="Warranty (days)"
            {...WHOLE_NUMBER_INPUT}
            required
            hint="Counted from the day the order ships."
            {...form.field('warrantyDays')}
          />
          <TextField
            label="Cancellation credit (%)"
            {...WHOLE_NUMBER_INPUT}
            required
            hint="Share of the lens price credited when a lens is canceled in warranty."
            {...form.field('warranty.cancellationCreditPercent')}
          />
        </div>
        <div className={layout.row}>
          <div>
            <TextField
              label="Exchanges per eye"
              {...WHOLE_NUMBER_INPUT}
              required={!values.warranty.unlimitedExchanges}
              disabled={values.warranty.unlimitedExchanges}
              hint="Warranty remakes with changed parameters."
              {...form.field('warranty.exchangesPerEye')}
            />
            <CheckboxField
              label="Unlimited exchanges"
              name="warranty.unlimitedExchanges"
              checked={values.warranty.unlimitedExchanges}
              // The count's message is about the count it no longer needs.
              onChange={(event) =>
                form.set('warranty.unlimitedExchanges', event.target.checked, ['warranty.exchangesPerEye'])
              }
            />
          </div>
          <TextField
            label="Exchange fee (USD)"
            {...DECIMAL_INPUT}
            required
            hint="Charged for an exchange instead of the lens price; 0 for none."
            {...form.field('warranty.exchangeFeeCents')}
          />
        </div>
        <CheckboxField
          label="Lens must be returned"
          hint="A cancellation credit stays pending until the lab receives the lens."
          {...form.checkbox('warranty.returnRequired')}
        />
      </fieldset>
      <fieldset className={layout.section} disabled={busy}>
        <legend className={layout.legend}>Ship promise</legend>
        <TextField
          label="Lead time (business days)"
          {...WHOLE_NUMBER_INPUT}
          hint={leadDaysHint(values.type)}
          {...form.field('leadDays')}
        />
        <CheckboxField
          label="Guarantee shipping"
          hint="When an order of this design ships later, the practice gets the remedy by itself when the lab ships it."
          name="shipGuarantee.offered"
          checked={values.shipGuarantee.offered}
          // Its values' messages are about a guarantee no longer offered.
          onChange={(event) => form.set('shipGuarantee.offered', event.target.checked, ['shipGuarantee'])}
        />
        {values.shipGuarantee.offered ? (
          <>
            <div className={layout.row}>
              <TextField
                label="Ships within (business days)"
                {...WHOLE_NUMBER_INPUT}
                required
                hint="Counted from the day work starts; the lab's own delays do not move it."
                {...form.field('shipGuarantee.businessDays')}
              />
              <SelectField
                label="If it ships later"
                options={REMEDY_OPTIONS}
                {...form.field('shipGuarantee.remedy')}
                onChange={(event) =>
                  form.set('shipGuarantee.remedy', event.target.value, [
                    'shipGuarantee.remedy',
                    'shipGuarantee.creditCents',
                  ])
                }
              />
            </div>
            {values.shipGuarantee.remedy === 'credit' ? (
              <TextField
                label="Credit (USD)"
                {...DECIMAL_INPUT}
                required
                hint="Granted to the practice for each lens of this design that ships late."
                {...form.field('shipGuarantee.creditCents')}
              />
            ) : null}
            <p className={layout.note} aria-live="polite">
              {guaranteeLine(values.shipGuarantee)}
            </p>
          </>
        ) : null}
      </fieldset>
      <ParameterEditor
        rows={values.parameters}
        errors={errors}
        disabled={busy}
        onChange={(parameters, clearedPaths) => form.set('parameters', parameters, clearedPaths)}
      />
    </form>
  );
}
