import { describe, expect, it } from 'vitest';
import { validate, version } from 'uuid';
import { newId } from '../../src/db/ids.js';

describe('newId', () => {
  it('makes distinct v7 uuids that sort in the order they were made, many per millisecond', () => {
    // More than one pool of random bytes, and many ids within each millisecond.
    const ids = Array.from({ length: 5_000 }, newId);
    expect(ids.every((id) => validate(id) && version(id) === 7)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(ids);
  });
});
