/** Query keys of the lens catalogue; a change to a design invalidates `lensKeys.all`. */
export const lensKeys = {
  all: ['lenses'] as const,
  list: (input: { includeInactive: boolean; account: string | null }) => [...lensKeys.all, 'list', input] as const,
};
