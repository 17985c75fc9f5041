import { FORM_MESSAGES, LENS_MESSAGES } from '../../../../../core/messages';
import { useEffect, useState, type ReactNode } from 'react';
import {
  createLensDesignInputSchema,
  LENS_TYPE_LABELS,
  LENS_TYPES,
  updateLensDesignInputSchema,
  type CreateLensDesignInput,
  type LensDesign,
  type UpdateLensDesignInput,
} from '../../../../../core/schemas/lens';
import { CheckboxField } from '../../../components/ui/checkbox-field';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { FormError } from '../../../forms/form-error';
import { useSubmission } from '../../../forms/use-submission';
import { isCallableError } from '../../../lib/callable-error';
import { checkForm, formMessageFor, serverFormErrors, type FormErrors } from '../../../lib/form-errors';
import layout from '../../../components/form-layout.module.css';
import { ParameterEditor } from './parameter-editor';
import {
  lensDesignInputOf,
  lensDesignValuesOf,
  WARRANTY_PATHS,
  type LensDesignValues,
  type WarrantyValues,
} from './lens-values';

export type LensDesignFormMode =
  | { kind: 'create'; onSubmit: (input: CreateLensDesignInput) => Promise<unknown> }
  | { kind: 'edit'; design: LensDesign; onSubmit: (input: UpdateLensDesignInput) => Promise<unknown> };

const TYPE_OPTIONS = LENS_TYPES.map((type) => ({ value: type, label: LENS_TYPE_LABELS[type] }));

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
  const [values, setValues] = useState<LensDesignValues>(() =>
    lensDesignValuesOf(mode.kind === 'edit' ? mode.design : undefined),
  );
  const [errors, setErrors] = useState<FormErrors>({});
  // The values' paths are not the schema's (dollars typed for cents, a warranty block, parameter rows), so
  // the form keeps its own messages and takes only the submit's plumbing from the shared hook.
  const { busy, formError, setFormError, onSubmit } = useSubmission();
  useEffect(() => {
    onBusyChange?.(busy);
  }, [busy, onBusyChange]);

  const set = <K extends keyof LensDesignValues>(key: K, value: LensDesignValues[K], errorPath: string = key) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => {
      if (!(errorPath in current)) return current;
      const { [errorPath]: _cleared, ...rest } = current;
      return rest;
    });
  };

  const show = (next: FormErrors) => {
    setErrors(next);
    // Focus the first field marked invalid, so keyboard and screen-reader users land on it.
    requestAnimationFrame(() =>
      document.getElementById(id)?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
    );
  };

  async function submit() {
    const built = lensDesignInputOf(values);
    const payload =
      mode.kind === 'edit' ? { lensId: mode.design.lensId, version: mode.design.version, ...built.input } : built.input;
    const checked =
      mode.kind === 'edit'
        ? checkForm(updateLensDesignInputSchema, payload)
        : checkForm(createLensDesignInputSchema, payload);
    const problems = { ...(checked.ok ? {} : checked.errors), ...built.errors };
    if (Object.keys(problems).length > 0) {
      show(problems);
      setFormError(problems['_'] ?? FORM_MESSAGES.correctMarkedFields);
      return;
    }
    try {
      if (mode.kind === 'edit') await mode.onSubmit(payload as UpdateLensDesignInput);
      else await mode.onSubmit(payload);
    } catch (error) {
      if (mode.kind === 'edit' && isCallableError(error) && error.status === 'aborted') {
        onConflict?.(error.message);
      } else {
        const fieldErrors = serverFormErrors(error);
        show(fieldErrors);
        setFormError(formMessageFor(error, fieldErrors, LENS_MESSAGES.designNotSaved));
      }
    }
  }

  const setWarranty = <K extends keyof WarrantyValues>(key: K, value: WarrantyValues[K], errorPath: string) => {
    setValues((current) => ({ ...current, warranty: { ...current.warranty, [key]: value } }));
    setErrors((current) => {
      if (!(errorPath in current)) return current;
      const { [errorPath]: _cleared, ...rest } = current;
      return rest;
    });
  };

  const warrantyField = (key: 'exchangesPerEye' | 'exchangeFee' | 'cancellationCreditPercent') => ({
    name: `warranty-${key}`,
    value: values.warranty[key],
    onChange: (event: { target: { value: string } }) => setWarranty(key, event.target.value, WARRANTY_PATHS[key]),
    error: errors[WARRANTY_PATHS[key]],
  });

  const field = (key: 'name' | 'description' | 'price' | 'warrantyDays', errorPath: string = key) => ({
    name: key,
    value: values[key],
    onChange: (event: { target: { value: string } }) => set(key, event.target.value, errorPath),
    error: errors[errorPath],
  });

  return (
    <form id={id} className={layout.form} onSubmit={onSubmit(submit)} noValidate>
      {conflict}
      <FormError message={formError} />
      <fieldset className={layout.section} disabled={busy}>
        <legend className={layout.legend}>Design</legend>
        <div className={layout.row}>
          <TextField label="Name" autoComplete="off" required {...field('name')} />
          <SelectField
            label="Type"
            placeholder="Choose a type"
            options={TYPE_OPTIONS}
            required
            name="type"
            value={values.type}
            onChange={(event) => set('type', event.target.value as LensDesignValues['type'])}
            error={errors['type']}
          />
        </div>
        <TextField label="Description (optional)" autoComplete="off" {...field('description')} />
        <TextField
          label="Price per lens (USD)"
          inputMode="decimal"
          autoComplete="off"
          required
          hint="Shown only to practices whose account may see prices."
          {...field('price', 'priceCents')}
        />
        <CheckboxField
          label="Active"
          hint="Only active designs can be ordered. Past orders keep the design as it was."
          name="active"
          checked={values.active}
          onChange={(event) => set('active', event.target.checked)}
        />
      </fieldset>
      <fieldset className={layout.section} disabled={busy}>
        <legend className={layout.legend}>Warranty policy</legend>
        <div className={layout.row}>
          <TextField
            label="Warranty (days)"
            inputMode="numeric"
            autoComplete="off"
            required
            hint="Counted from the day the order ships."
            {...field('warrantyDays')}
          />
          <TextField
            label="Cancellation credit (%)"
            inputMode="numeric"
            autoComplete="off"
            required
            hint="Share of the lens price credited when a lens is cancelled in warranty."
            {...warrantyField('cancellationCreditPercent')}
          />
        </div>
        <div className={layout.row}>
          <div>
            <TextField
              label="Exchanges per eye"
              inputMode="numeric"
              autoComplete="off"
              required={!values.warranty.unlimitedExchanges}
              disabled={values.warranty.unlimitedExchanges}
              hint="Warranty remakes with changed parameters."
              {...warrantyField('exchangesPerEye')}
            />
            <CheckboxField
              label="Unlimited exchanges"
              name="warranty-unlimitedExchanges"
              checked={values.warranty.unlimitedExchanges}
              onChange={(event) =>
                setWarranty('unlimitedExchanges', event.target.checked, WARRANTY_PATHS.exchangesPerEye)
              }
            />
          </div>
          <TextField
            label="Exchange fee (USD)"
            inputMode="decimal"
            autoComplete="off"
            required
            hint="Charged for an exchange instead of the lens price; 0 for none."
            {...warrantyField('exchangeFee')}
          />
        </div>
        <CheckboxField
          label="Lens must be returned"
          hint="A cancellation credit stays pending until the lab receives the lens."
          name="warranty-returnRequired"
          checked={values.warranty.returnRequired}
          error={errors[WARRANTY_PATHS.returnRequired]}
          onChange={(event) => setWarranty('returnRequired', event.target.checked, WARRANTY_PATHS.returnRequired)}
        />
      </fieldset>
      <ParameterEditor
        rows={values.parameters}
        errors={errors}
        disabled={busy}
        onChange={(parameters, clearedPaths) => {
          setValues((current) => ({ ...current, parameters }));
          if (clearedPaths.length)
            setErrors((current) =>
              Object.fromEntries(Object.entries(current).filter(([path]) => !clearedPaths.includes(path))),
            );
        }}
      />
    </form>
  );
}
