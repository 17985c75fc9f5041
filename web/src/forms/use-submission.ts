import { useCallback, useRef, useState, type FormEvent } from 'react';

/**
 * The part of every form's submit that has nothing to do with its fields: one send at a time (a second
 * press while the first is under way is ignored), the busy flag the submit button shows, and the message
 * about the form as a whole. usePortalForm builds on it; the sign-in form uses it alone, so the page every
 * user meets first loads no form library and no validation library (docs/decisions/0062-forms-on-one-mechanism.md).
 */
export function useSubmission() {
  const [busy, setBusy] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const inFlight = useRef(false);

  /** Runs `work` unless a send is under way; clears the last message first. */
  const run = useCallback(async (work: () => Promise<void>) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    setFormError(null);
    try {
      await work();
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  }, []);

  /** A <form>'s onSubmit: the browser's own submit never runs, `work` runs once at a time. */
  const onSubmit = useCallback(
    (work: () => Promise<void>) => (event?: FormEvent) => {
      event?.preventDefault();
      void run(work);
    },
    [run],
  );

  return { busy, formError, setFormError, run, onSubmit };
}

export type Submission = ReturnType<typeof useSubmission>;
