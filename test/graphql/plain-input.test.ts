import { Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import { PriceUpdate } from '../../src/catalog/catalog.schemas.js';
import { plainInput, validInput } from '../../src/graphql/plain-input.js';
import { compileInput } from '../../src/http/validation.js';
import { UpdateSubscriptionBody } from '../../src/webhooks/webhooks.schemas.js';

/** What type-graphql hands a resolver: class instances whose unset fields are own `undefined` members. */
class Dimensions {
  height = 1;
  width: number | undefined = undefined;
}

describe('plainInput: GraphQL input → the plain JSON the schemas validate', () => {
  it('reads a null as absent where the schema gives null no meaning, and keeps it where it does', () => {
    const schema = Type.Object({
      name: Type.Optional(Type.String()),
      note: Type.Optional(Type.Union([Type.String(), Type.Null()])),
      nested: Type.Optional(Type.Object({ a: Type.Optional(Type.Integer()), b: Type.Optional(Type.Union([Type.Integer(), Type.Null()])) })),
      rows: Type.Optional(Type.Array(Type.Object({ c: Type.Optional(Type.Null()), d: Type.Optional(Type.String()) }))),
    });
    expect(plainInput({ name: null, note: null, nested: { a: null, b: null }, rows: [{ c: null, d: null }] }, schema)).toEqual({
      note: null,
      nested: { b: null },
      rows: [{ c: null }],
    });
  });

  it('finds null-accepting members through unions and intersections', () => {
    const schema = Type.Union([
      Type.Object({ onHand: Type.Integer() }),
      Type.Intersect([Type.Object({ delta: Type.Integer() }), Type.Object({ reason: Type.Union([Type.String(), Type.Null()]) })]),
    ]);
    expect(plainInput({ onHand: null, delta: 2, reason: null }, schema)).toEqual({ delta: 2, reason: null });
  });

  it('without a schema, reads every null as absent', () => {
    expect(plainInput({ a: null, b: { c: null, d: 1 } })).toEqual({ b: { d: 1 } });
  });

  it('makes class instances plain objects, drops unset fields, writes dates as ISO 8601 and keeps list items', () => {
    const value = plainInput({ size: new Dimensions(), at: new Date('2026-03-01T12:00:00Z'), tags: ['x', null], missing: undefined });
    expect(value).toEqual({ size: { height: 1 }, at: '2026-03-01T12:00:00.000Z', tags: ['x', null] });
    expect(Object.getPrototypeOf((value as { size: object }).size)).toBe(Object.prototype);
  });

  it('keeps the nulls the project\'s inputs give a meaning: clearing a webhook description, the default price', () => {
    const update = compileInput(UpdateSubscriptionBody);
    expect(validInput(update, { url: null, description: null, active: null })).toEqual({ description: null });
    const prices = compileInput(PriceUpdate);
    expect(validInput(prices, { prices: [{ channel: null, sale: '10.00', promo: null }] })).toEqual({ prices: [{ channel: null, sale: '10.00', promo: null }] });
  });

  it('refuses a null the schema does not take only when the field is required', () => {
    const required = compileInput(Type.Object({ sku: Type.String() }));
    expect(() => validInput(required, { sku: null })).toThrowError(expect.objectContaining({ code: 'VALIDATION_FAILED', errors: [{ path: '/sku', message: "must have required property 'sku'" }] }));
  });
});
