/**
 * The order form's copy in this browser (what is typed survives a reload or a crashed tab). One
 * draft per user and account, written on every change; the server copy (saveOrderDraft) follows it debounced.
 * Drafts hold patient names: logout and session expiry remove them all (lib/local-storage.ts forgetSignedInUser).
 */
import { ORDER_DRAFT_KEY_PREFIX, readStored, removeStored, writeStored } from '../../../lib/local-storage';
import type { OrderFormValues } from './order-form-values';

export interface LocalDraft {
  orderId: string;
  /** The server version last saved or read; null before the first save. */
  version: number | null;
  values: OrderFormValues;
  /** When the user last changed it (ISO), to pick the newer of this and the server copy. */
  updatedAt: string;
}

export const draftStorageKey = (userId: string, account: string) => `${ORDER_DRAFT_KEY_PREFIX}${userId}:${account}`;

export function readLocalDraft(key: string): LocalDraft | null {
  const text = readStored(key);
  if (!text) return null;
  try {
    const draft = JSON.parse(text) as Partial<LocalDraft>;
    if (typeof draft.orderId !== 'string' || !draft.values || typeof draft.updatedAt !== 'string') return null;
    return { orderId: draft.orderId, version: draft.version ?? null, values: draft.values, updatedAt: draft.updatedAt };
  } catch {
    return null; // unreadable: start a fresh form rather than fail
  }
}

/** Full or blocked storage keeps nothing: the server copy still follows. */
export function writeLocalDraft(key: string, draft: LocalDraft): void {
  writeStored(key, JSON.stringify(draft));
}

export function clearLocalDraft(key: string): void {
  removeStored(key);
}
