import { describe, expect, it } from 'vitest';
import { CATALOGUES } from '../../console/src/i18n/catalogue.js';

/** Functions that pick a word for a count shown beside them, not write it. */
const WORDS_FOR_A_COUNT = new Set(['overview.orders']);

type Entry = { path: string; kind: 'text' | 'function'; arity: number };

/** Every word of a catalogue by its path (`orders.title`), with its kind and, for a function, how many values it takes. */
function entries(catalogue: object, prefix = ''): Entry[] {
  return Object.entries(catalogue).flatMap(([key, value]): Entry[] => {
    const path = `${prefix}${key}`;
    if (typeof value === 'string') return [{ path, kind: 'text', arity: 0 }];
    if (typeof value === 'function') return [{ path, kind: 'function', arity: (value as (...args: unknown[]) => string).length }];
    return entries(value as object, `${path}.`);
  });
}

describe('the console catalogues', () => {
  const [reference, ...others] = Object.entries(CATALOGUES);

  it('give every language the same keys, each the same kind of entry with the same parameters', () => {
    const expected = entries(reference![1]).sort((a, b) => a.path.localeCompare(b.path));
    expect(expected.length).toBeGreaterThan(100);
    for (const [language, catalogue] of others) {
      expect({ language, entries: entries(catalogue).sort((a, b) => a.path.localeCompare(b.path)) }).toEqual({ language, entries: expected });
    }
  });

  it('leave no word empty, and every message function writes its values into its text', () => {
    for (const [language, catalogue] of Object.entries(CATALOGUES)) {
      for (const entry of entries(catalogue)) {
        const value = entry.path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], catalogue);
        const args = Array.from({ length: entry.arity }, (_, index) => `⟨${index}⟩`);
        const text = entry.kind === 'text' ? (value as string) : (value as (...values: string[]) => string)(...args);
        expect(text.trim(), `${language} ${entry.path}`).not.toBe('');
        if (WORDS_FOR_A_COUNT.has(entry.path)) continue;
        for (const arg of args) expect(text, `${language} ${entry.path}`).toContain(arg);
      }
    }
  });
});
