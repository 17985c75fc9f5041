/** The portal configuration could not be loaded or is not valid (runtime-config.ts, runtime-config-check.ts). */
export class RuntimeConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RuntimeConfigError';
  }
}
