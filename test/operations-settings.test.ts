import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';

/** Every `key: read(env, 'NAME', …)` / `optional(env, 'NAME', …)` of src/config.ts: the settings it reads. */
function settingsInConfig(): Map<string, string> {
  const source = readFileSync('src/config.ts', 'utf8');
  return new Map([...source.matchAll(/^\s+(\w+): (?:read|optional)\(env, '([A-Z0-9_]+)'/gm)].map(([, key, name]) => [name!, key!]));
}

/** The rows of the settings table in docs/operations.md: name → default cell. */
function settingsInDocs(): Map<string, string> {
  const doc = readFileSync('docs/operations.md', 'utf8');
  const section = doc.slice(doc.indexOf('## Settings'));
  return new Map([...section.matchAll(/^\| `([A-Z0-9_]+)` \| ([^|]+) \|/gm)].map(([, name, cell]) => [name!, cell!.trim()]));
}

describe('docs/operations.md settings table', () => {
  it('lists every setting src/config.ts reads, and no other', () => {
    const config = [...settingsInConfig().keys()];
    expect(config.length).toBeGreaterThan(40);
    expect([...settingsInDocs().keys()].sort()).toEqual(config.sort());
  });

  it('gives each its actual default', () => {
    const defaults = loadConfig({}) as unknown as Record<string, unknown>;
    const documented = settingsInDocs();
    for (const [name, key] of settingsInConfig()) {
      const value = defaults[key];
      const unset = value === undefined || (Array.isArray(value) && value.length === 0);
      expect(documented.get(name), name).toBe(unset ? 'unset' : `\`${String(value)}\``);
    }
  });
});
