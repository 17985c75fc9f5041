/** A settings store: one stored item, saved only over the version it was read at. */
export interface VersionedSettingsStore<T> {
  /** The stored settings, or the defaults (version 0) when none were saved yet. */
  get(): Promise<T>;
  /** Saves if the stored version is still `expectedVersion`; false when someone saved in between. */
  put(settings: T, expectedVersion: number): Promise<boolean>;
}
