/** The registered machine clients (docs/decisions/0104-machine-api.md); every change reloads the list. */
export const machineClientKeys = { all: ['machine-clients'] as const };
