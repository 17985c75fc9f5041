export const webhookKeys = {
  all: ['webhook-endpoints'] as const,
  list: () => [...webhookKeys.all, 'list'] as const,
  deliveries: (endpointId: string, cursor: string | null) =>
    [...webhookKeys.all, 'deliveries', endpointId, cursor] as const,
};
