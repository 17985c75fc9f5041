/** The registered machine clients (docs/decisions/0102-machine-api.md); every change reloads the list. */
export const machineClientKeys = { all: ['machine-clients'] as const };
