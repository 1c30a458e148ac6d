export const SCOPES = [
  'orders:read',
  'orders:write',
  'catalog:read',
  'catalog:write',
  'webhooks:read',
  'webhooks:write',
] as const;

export type Scope = (typeof SCOPES)[number];

export function isScope(value: string): value is Scope {
  return (SCOPES as readonly string[]).includes(value);
}
