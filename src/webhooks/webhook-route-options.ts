/** What every route of the webhooks interface shares: its tag and the scopes that read and write. */
export const tags = ['webhooks'];
export const read = { scope: 'webhooks:read' } as const;
export const write = { scope: 'webhooks:write' } as const;
