import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { LensDesign } from '../../../../../core/schemas/lenses';
import type { Order } from '../../../../../core/schemas/orders';
import { isCallableError } from '../../../lib/callable-error';
import { clearLocalDraft, readLocalDraft, writeLocalDraft, type LocalDraft } from '../model/local-draft';
import { fromOrderDraft, toOrderDraft, type OrderFormValues } from '../model/order-form-values';
import type { OrderFormApi } from '../components/order-form-api';

/** How long after the last keystroke the server copy is saved. */
export const DRAFT_SAVE_DELAY_MS = 1500;

export type DraftSaveState =
  { kind: 'idle' } | { kind: 'saving' } | { kind: 'saved'; at: string } | { kind: 'error'; message: string };

export interface DraftStart {
  orderId: string;
  values: OrderFormValues;
  version: number | null;
}

/**
 * The draft behind the order form: restored at once from this browser, then compared with the server's copy
 * (the newer wins); every change written locally at once and to the server ~1.5 s after typing stops. A 409
 * (the server copy moved on, e.g. another tab) reads the server's version and saves once more.
 */
export function useOrderDraft(options: {
  storageKey: string;
  accountNumber: string;
  api: OrderFormApi;
  designs: readonly LensDesign[];
  /** A fresh form (new order id, empty or prefilled values); `start` wins over a local draft (reorders). */
  fresh: () => DraftStart;
  start?: DraftStart | undefined;
}) {
  const { storageKey, accountNumber, api } = options;
  const [draft, setDraft] = useState<LocalDraft>(() => {
    if (options.start) return { ...options.start, updatedAt: new Date().toISOString() };
    const local = readLocalDraft(storageKey);
    if (local) return local;
    return { ...options.fresh(), updatedAt: new Date().toISOString() };
  });
  const [save, setSave] = useState<DraftSaveState>({ kind: 'idle' });
  const [restored, setRestored] = useState(() => !options.start && readLocalDraft(storageKey) !== null);
  const changed = useRef(Boolean(options.start)); // a prefilled reorder is new content worth saving
  const closed = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const inFlight = useRef<Promise<void>>(Promise.resolve());
  const latest = useRef(draft);
  const designsRef = useRef(options.designs);
  // Timers and retries read the newest values, not the ones of the render that scheduled them.
  useLayoutEffect(() => {
    latest.current = draft;
    designsRef.current = options.designs;
  });

  // Compare the restored local copy with the server's: the newer wins, and its version is the one to name.
  useEffect(() => {
    if (!restored) return;
    let cancelled = false;
    const local = latest.current;
    api
      .loadOrder(local.orderId)
      .then((order: Order | null) => {
        if (cancelled || !order) return;
        if (order.status !== 'draft') {
          // Submitted elsewhere (another tab): this copy is done with.
          clearLocalDraft(storageKey);
          setDraft({ ...options.fresh(), updatedAt: new Date().toISOString() });
          setRestored(false);
          return;
        }
        setDraft((current) => {
          if (order.updatedAt > current.updatedAt && order.draft)
            return {
              orderId: current.orderId,
              version: order.version,
              values: fromOrderDraft(order.draft, current.values.shipping.address),
              updatedAt: order.updatedAt,
            };
          return { ...current, version: order.version };
        });
        setSave({ kind: 'saved', at: order.updatedAt });
      })
      .catch(() => undefined); // not on the server yet: the local copy stands
    return () => {
      cancelled = true;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, for the draft restored on mount
  }, []);

  useEffect(() => {
    if (!closed.current) writeLocalDraft(storageKey, draft);
  }, [draft, storageKey]);

  const saveNow = useCallback((): Promise<void> => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    const run = async () => {
      if (closed.current) return;
      const current = latest.current;
      const body = {
        orderId: current.orderId,
        accountNumber,
        draft: toOrderDraft(current.values, designsRef.current),
      };
      setSave({ kind: 'saving' });
      const attempt = (version: number | null) => api.saveDraft({ ...body, ...(version === null ? {} : { version }) });
      try {
        let result;
        try {
          result = await attempt(current.version);
        } catch (error) {
          if (!isCallableError(error) || error.status !== 'aborted') throw error;
          const server = await api.loadOrder(current.orderId);
          if (!server || server.status !== 'draft') throw error;
          result = await attempt(server.version);
        }
        if (closed.current) return;
        setDraft((d) => (d.orderId === result.orderId ? { ...d, version: result.version } : d));
        setSave({ kind: 'saved', at: result.updatedAt });
      } catch (error) {
        if (closed.current) return;
        setSave({
          kind: 'error',
          message: isCallableError(error) && error.message ? error.message : 'The draft could not be saved',
        });
      }
    };
    inFlight.current = inFlight.current.then(run, run);
    return inFlight.current;
  }, [accountNumber, api]);

  const update = useCallback(
    (change: (values: OrderFormValues) => OrderFormValues) => {
      changed.current = true;
      setDraft((d) => ({ ...d, values: change(d.values), updatedAt: new Date().toISOString() }));
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => void saveNow(), DRAFT_SAVE_DELAY_MS);
    },
    [saveNow],
  );

  // A reorder's prefilled values are saved once so attachments can be added to it.
  useEffect(() => {
    if (options.start) timer.current = setTimeout(() => void saveNow(), DRAFT_SAVE_DELAY_MS);
    return () => {
      if (timer.current) clearTimeout(timer.current);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once on mount
  }, []);

  /** Stops saving and forgets the local copy (after submit or discard); `next` starts a new form. */
  const finish = useCallback(
    (next?: DraftStart) => {
      if (timer.current) clearTimeout(timer.current);
      timer.current = null;
      clearLocalDraft(storageKey);
      changed.current = false;
      setSave({ kind: 'idle' });
      if (next) {
        closed.current = false;
        setDraft({ ...next, updatedAt: new Date().toISOString() });
        setRestored(false);
      } else closed.current = true;
    },
    [storageKey],
  );

  /** Stops the debounced save while the order is being submitted (a late draft save would race it). */
  const pause = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    return inFlight.current;
  }, []);

  return { draft, values: draft.values, update, save, saveNow, finish, pause, restored };
}
