import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../src/errors.js';
import { assertIdempotencyKey, IDEMPOTENCY_KEY_MAX_LENGTH, idempotencyKeySchema, requestHash } from '../../src/idempotency/idempotency.js';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe('an idempotency key as a GraphQL argument', () => {
  it('takes 1 to 255 characters', () => {
    expect(IDEMPOTENCY_KEY_MAX_LENGTH).toBe(255);
    expect(() => assertIdempotencyKey('k')).not.toThrow();
    expect(() => assertIdempotencyKey('k'.repeat(255))).not.toThrow();
  });

  it.each([['empty', ''], ['256 characters', 'k'.repeat(256)]])('refuses one %s, at its pointer', (_, key) => {
    let refusal: unknown;
    try {
      assertIdempotencyKey(key);
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(AppError);
    expect((refusal as AppError).code).toBe('VALIDATION_FAILED');
    expect((refusal as AppError).errors).toEqual([{ path: '/idempotencyKey', message: 'must be 1 to 255 characters' }]);
  });
});

describe('the Idempotency-Key header schema', () => {
  it('is a string of 1 to 255 characters with the route\'s description', () => {
    expect(idempotencyKeySchema('Retries of the same change answer the same')).toMatchObject({
      type: 'string',
      minLength: 1,
      maxLength: 255,
      description: 'Retries of the same change answer the same',
    });
  });
});

describe('requestHash', () => {
  it('is the SHA-256 of the request as JSON with its keys sorted at every level, arrays kept in order', () => {
    const request = { sku: 'A', items: [{ qty: 2, id: 'x' }, 3, null, 'y'], note: 'a "quoted" \u00e9', nested: { b: true, a: 1.5 } };
    expect(requestHash(request)).toBe(
      sha256('{"items":[{"id":"x","qty":2},3,null,"y"],"nested":{"a":1.5,"b":true},"note":"a \\"quoted\\" \u00e9","sku":"A"}'),
    );
  });

  it('sorts keys in code-unit order, whatever order they came in', () => {
    const keys = ['b', 'B', 'a', '_', '10', '9', 'aa', ''];
    const request = Object.fromEntries(keys.map((key, index) => [key, index]));
    const reversed = Object.fromEntries([...keys].reverse().map((key) => [key, request[key]]));
    const canonical = `{${[...keys].sort().map((key) => `${JSON.stringify(key)}:${request[key]}`).join(',')}}`;
    expect(requestHash(request)).toBe(sha256(canonical));
    expect(requestHash(reversed)).toBe(sha256(canonical));
  });

  it('ignores members left undefined, as JSON would', () => {
    expect(requestHash({ a: 1, b: undefined })).toBe(requestHash({ a: 1 }));
    expect(requestHash({ a: 1, b: undefined })).toBe(sha256('{"a":1}'));
  });

  it('tells apart requests that differ in a value, an array\'s order or a type', () => {
    const hashes = [{ a: 1 }, { a: 2 }, { a: '1' }, { a: [1, 2] }, { a: [2, 1] }, { a: null }, { a: {} }, { a: [] }, {}, [], null].map(requestHash);
    expect(new Set(hashes).size).toBe(hashes.length);
    expect(requestHash([])).toBe(sha256('[]'));
    expect(requestHash({})).toBe(sha256('{}'));
    expect(requestHash(null)).toBe(sha256('null'));
  });
});
