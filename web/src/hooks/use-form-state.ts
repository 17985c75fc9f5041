import { useCallback, useEffect, useId, useMemo, useState, type ChangeEvent } from 'react';
import type { FormErrors } from '../lib/form-errors';

type Values = Record<string, unknown>;

/** Reads a dotted path ('address.city') of nested form values. */
function valueAt(values: Values, path: string): unknown {
  return path.split('.').reduce<unknown>((node, key) => (node as Values | undefined)?.[key], values);
}

/** A copy of `values` with the dotted path set to `value`. */
function withValueAt<T extends Values>(values: T, path: string, value: unknown): T {
  const [head, ...rest] = path.split('.') as [string, ...string[]];
  if (rest.length === 0) return { ...values, [head]: value };
  return { ...values, [head]: withValueAt((values[head] as Values | undefined) ?? {}, rest.join('.'), value) };
}

/**
 * The state of a form whose fields are named by dotted paths, the keys its zod schema and the server's field
 * errors use: values, one message per field (cleared when the field is edited), whether anything changed,
 * and focus on the first invalid field after a failed submit, so keyboard and screen-reader users land on it.
 */
export function useFormState<T extends Values>(initial: T, options: { formId?: string } = {}) {
  const generatedId = useId();
  /** The <form>'s id: a submit button outside the form (a dialog's) names it in `form=`. */
  const formId = options.formId ?? generatedId;
  const [baseline, setBaseline] = useState(initial);
  const [values, setValues] = useState(initial);
  const [errors, setErrorsState] = useState<FormErrors>({});
  const [focusRequest, setFocusRequest] = useState(0);

  useEffect(() => {
    if (focusRequest === 0) return;
    document.getElementById(formId)?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusRequest, formId]);

  const set = useCallback((path: string, value: unknown) => {
    setValues((current) => withValueAt(current, path, value));
    setErrorsState((current) => {
      if (!(path in current)) return current;
      const { [path]: _cleared, ...rest } = current;
      return rest;
    });
  }, []);

  /** Shows messages beside the fields and moves focus to the first one. */
  const showErrors = useCallback((next: FormErrors) => {
    setErrorsState(next);
    if (Object.keys(next).length > 0) setFocusRequest((n) => n + 1);
  }, []);

  /** Starts again from new values (after loading or saving): nothing is changed any more. */
  const reset = useCallback((next: T) => {
    setBaseline(next);
    setValues(next);
    setErrorsState({});
  }, []);

  const dirty = useMemo(() => JSON.stringify(values) !== JSON.stringify(baseline), [values, baseline]);

  /** Props for a TextField, SelectField or TextAreaField bound to `path`. */
  const field = (path: string) => ({
    name: path,
    value: String(valueAt(values, path) ?? ''),
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) =>
      set(path, event.target.value),
    error: errors[path],
  });

  /** Props for a CheckboxField bound to `path`. */
  const checkbox = (path: string) => ({
    name: path,
    checked: Boolean(valueAt(values, path)),
    onChange: (event: ChangeEvent<HTMLInputElement>) => set(path, event.target.checked),
    error: errors[path],
  });

  return { formId, values, set, errors, showErrors, reset, dirty, field, checkbox };
}
