import { describe, expect, it } from 'vitest';
import { isScope, SCOPES } from '../../src/auth/scopes.js';

describe('scopes', () => {
  it('are read and write for orders, catalog and webhooks', () => {
    expect([...SCOPES]).toEqual(['orders:read', 'orders:write', 'catalog:read', 'catalog:write', 'webhooks:read', 'webhooks:write']);
  });

  it('are recognised exactly, nothing else', () => {
    for (const scope of SCOPES) expect(isScope(scope)).toBe(true);
    for (const other of ['', 'orders', 'orders:*', 'Orders:read', 'orders:read ', 'admin']) expect(isScope(other)).toBe(false);
  });
});
