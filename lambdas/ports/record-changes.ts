/** A partial update of a stored record: fields to set and fields to remove. Keys and `version` are the store's. */
export interface RecordChanges<T> {
  set?: Partial<T>;
  remove?: (keyof T & string)[];
}

/** A stored item exactly as read (unknown attributes included), to put back when a later step fails. */
export type StoredItem = Record<string, unknown>;
