import {
  useCallback,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ChangeEvent,
  type FormEvent,
} from 'react';
import { useForm, useWatch, type FieldErrors, type FieldValues, type Path, type Resolver } from 'react-hook-form';
import { toNestErrors } from '@hookform/resolvers';
import type * as z from '../../../core/zod';
import { useVersionConflict } from '../hooks/use-version-conflict';
import { isCallableError, type CallableError } from '../lib/callable-error';
import {
  FORM_LEVEL,
  foldListErrors,
  formErrorsOf,
  formMessageFor,
  serverFormErrors,
  type FormErrors,
} from '../lib/form-errors';
import { useSubmission } from './use-submission';

/** A route's input schema, or a loader of it, so a page can leave zod out of its first download. */
export type SchemaSource<S extends z.ZodMiniType> = S | (() => Promise<S>);

export interface PortalFormOptions<V extends FieldValues, S extends z.ZodMiniType, Out> {
  /** The form's first values; named by the same dotted paths as the schema's fields and the server's errors. */
  initial: V;
  /** The route's own input schema (core/schemas), which the server parses too. */
  schema?: SchemaSource<S>;
  /** The schema's input built from the form's values (a checkbox that blanks a field, a version read). */
  input?: (values: V) => z.input<S>;
  /** Rules the schema cannot know (what the page knows: the catalogue, payment terms). */
  check?: (values: V) => FormErrors;
  /** Fields that edit a whole list in one input: messages about its items show on it. */
  listFields?: readonly string[];
  /** The message above the fields when some are marked; none by default. */
  invalidMessage?: string;
  /** Sends the checked data (the schema's output) and the form's own values. */
  submit: (data: Out, values: V) => Promise<unknown>;
  /** Said when a call fails without a message the user can act on. */
  failureMessage: string;
  /** The field a 409 without field errors is about (a taken email or account number). */
  conflictField?: string;
  /**
   * A 409 on a save sent with the version read: the form keeps what was typed and shows its "reload"
   * warning (`conflict`); `onReload` loads the latest. Or `onConflict` when the page shows it.
   */
  onReload?: () => Promise<unknown>;
  onConflict?: (error: CallableError) => void;
  /** The <form>'s id when something outside it names it (a dialog's submit button, `form=`). */
  formId?: string;
}

/** Reads a dotted path ('address.city') of nested form values. */
function valueAt(values: FieldValues, path: string): unknown {
  return path.split('.').reduce<unknown>((node, key) => (node as FieldValues | undefined)?.[key], values);
}

/** The keys react-hook-form keeps on an error itself, beside the errors of the fields below it. */
const ERROR_KEYS = new Set(['type', 'message', 'ref', 'types']);

/**
 * react-hook-form's nested errors as one message per dotted path, the shape every field and test reads. A
 * list can carry a message of its own and messages about its items ('parameters', 'parameters.0.min').
 */
function flatErrors(errors: FieldErrors, prefix = ''): FormErrors {
  const flat: FormErrors = {};
  for (const [key, node] of Object.entries(errors)) {
    if (!node || typeof node !== 'object' || (prefix && ERROR_KEYS.has(key))) continue;
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof (node as { message?: unknown }).message === 'string') flat[path] = (node as { message: string }).message;
    Object.assign(flat, flatErrors(node as FieldErrors, path));
  }
  return flat;
}

const depth = (path: string) => path.split('.').length;

// A zod schema is an object, never a function.
const isLoader = <S extends z.ZodMiniType>(source: SchemaSource<S>): source is () => Promise<S> =>
  typeof source === 'function';

/**
 * Checks the values the way the server will: the route's schema (through the same issue-to-message rule as
 * the rest of the web app, lib/form-errors.ts) plus the form's own rules, as react-hook-form's resolver.
 */
function portalResolver<V extends FieldValues, S extends z.ZodMiniType, Out>(
  options: Pick<PortalFormOptions<V, S, Out>, 'schema' | 'input' | 'check'>,
): Resolver<V, unknown, Out> {
  return async (values, _context, resolverOptions) => {
    const errors: FormErrors = {};
    let data: unknown = values;
    if (options.schema) {
      const schema = isLoader(options.schema) ? await options.schema() : options.schema;
      const parsed = await schema.safeParseAsync(options.input ? options.input(values) : values);
      if (parsed.success) data = parsed.data;
      else Object.assign(errors, formErrorsOf(parsed.error));
    }
    // The form's own rules are the more precise: theirs is the message a field shows.
    Object.assign(errors, options.check?.(values));
    if (Object.keys(errors).length === 0) return { values: data as Out, errors: {} };
    // A list's own message first: its items' messages are then nested into it instead of replaced by it.
    const nested = Object.fromEntries(
      Object.entries(errors)
        .sort(([a], [b]) => depth(a) - depth(b))
        .map(([path, message]) => [path, { type: 'validate', message }]),
    );
    return { values: {}, errors: toNestErrors(nested, resolverOptions) };
  };
}

/**
 * Every portal form with fields: its values (react-hook-form), the route's zod schema, the submit function,
 * and what each form used to rewrite: one send at a time with a busy flag, messages beside the fields (the
 * schema's and the server's), a message about the form, focus on the first marked field after a failed
 * submit, and a save that lost an optimistic-locking race (409) kept for a "reload".
 */
export function usePortalForm<V extends FieldValues, S extends z.ZodMiniType = z.ZodMiniType<V>, Out = z.output<S>>(
  options: PortalFormOptions<V, S, Out>,
) {
  const generatedId = useId();
  const formId = options.formId ?? generatedId;
  const submission = useSubmission();
  const { setFormError } = submission;
  const [focusRequest, setFocusRequest] = useState(0);
  const conflict = useVersionConflict(options.onReload ?? (async () => undefined));
  const rhf = useForm<V, unknown, Out>({
    defaultValues: options.initial as never,
    // Built each render: react-hook-form checks with the latest one (a version just reloaded, the catalogue
    // just loaded).
    resolver: portalResolver<V, S, Out>(options),
    // Field messages clear when the field is edited and come back only on the next submit.
    reValidateMode: 'onSubmit',
    // Focus goes to the first marked control in the page's order, custom controls included (below).
    shouldFocusError: false,
  });
  const { control, setValue, clearErrors, setError, getValues, formState } = rhf;
  const values = useWatch({ control }) as V;

  const errors = useMemo(
    () => foldListErrors(flatErrors(formState.errors), options.listFields ?? []),
    [formState.errors, options.listFields],
  );

  // The marks may render a moment after the failed submit asked for focus (react-hook-form publishes its
  // errors after the invalid callback): the request waits until a marked field is there. A layout effect:
  // focus moves in the same commit that shows the marks, not some frames later.
  const focusDone = useRef(0);
  useLayoutEffect(() => {
    if (focusRequest === focusDone.current) return;
    const marked = document.getElementById(formId)?.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (!marked) return;
    focusDone.current = focusRequest;
    marked.focus();
  }, [focusRequest, formId, errors]);

  /** Sets the value at `path` and clears the messages at `cleared` (by default its own and those below it). */
  const set = useCallback(
    (path: string, value: unknown, cleared: readonly string[] = [path]) => {
      setValue(path as Path<V>, value as never, { shouldDirty: true });
      clearErrors(cleared as Path<V>[]);
    },
    [setValue, clearErrors],
  );

  /** Shows messages beside the fields (a form-level one above them) and moves focus to the first. */
  const showErrors = useCallback(
    (next: FormErrors) => {
      const { [FORM_LEVEL]: formLevel, ...fields } = next;
      for (const [path, message] of Object.entries(fields)) setError(path as Path<V>, { type: 'server', message });
      if (formLevel) setFormError(formLevel);
      if (Object.keys(fields).length > 0) setFocusRequest((n) => n + 1);
    },
    [setError, setFormError],
  );

  async function failed(error: unknown) {
    if (isCallableError(error) && error.status === 'aborted' && (options.onReload || options.onConflict)) {
      if (options.onReload) conflict.caught(error);
      options.onConflict?.(error);
      return;
    }
    const fieldErrors = serverFormErrors(error, options.conflictField ? { conflictField: options.conflictField } : {});
    showErrors(fieldErrors);
    setFormError(formMessageFor(error, fieldErrors, options.failureMessage));
  }

  const send = rhf.handleSubmit(
    async (data) => {
      try {
        await options.submit(data, getValues());
      } catch (error) {
        await failed(error);
      }
    },
    (invalid) => {
      const flat = flatErrors(invalid);
      const { [FORM_LEVEL]: formLevel, '': root, ...fields } = flat;
      setFormError(formLevel ?? root ?? options.invalidMessage ?? null);
      if (Object.keys(fields).length > 0) setFocusRequest((n) => n + 1);
    },
  );

  /** The <form>'s onSubmit, or a dialog's: checks, sends once at a time, shows what went wrong. */
  function submit(event?: FormEvent) {
    event?.preventDefault();
    conflict.clearConflict();
    void submission.run(() => send());
  }

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

  /** Starts again from new values (after loading or saving): nothing is changed any more. */
  const reset = useCallback((next: V) => rhf.reset(next), [rhf]);

  return {
    formId,
    values,
    set,
    errors,
    showErrors,
    reset,
    dirty: formState.isDirty,
    field,
    checkbox,
    submit,
    busy: submission.busy,
    formError: submission.formError,
    setFormError: submission.setFormError,
    /** After a 409 with `onReload`: whether to show the warning, and its "Reload latest" button. */
    conflict: { active: conflict.conflict, reloading: conflict.reloading, reload: conflict.reload },
  };
}

export type PortalForm<V extends FieldValues> = ReturnType<typeof usePortalForm<V>>;
