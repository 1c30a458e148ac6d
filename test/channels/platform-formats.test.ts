import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { cents, instant, list, money, optionalText, record, streetAndNumber, text, validBodySignature } from '../../src/channels/platform-formats.js';

describe('money: a platform\'s amount as a money string', () => {
  it('reads numbers and decimal strings, with two places', () => {
    expect(money(49.9)).toBe('49.90');
    expect(money(10)).toBe('10.00');
    expect(money(0)).toBe('0.00');
    expect(money('169.70')).toBe('169.70');
    expect(money(' 10.5 ')).toBe('10.50');
    expect(money('7')).toBe('7.00');
    expect(money('0.05')).toBe('0.05');
  });

  it('rounds past two places half up, as the platform\'s own figure cannot be known', () => {
    expect(money('10.005')).toBe('10.01');
    expect(money('10.0049')).toBe('10.00');
    expect(money('10.004')).toBe('10.00');
    expect(money('10.995')).toBe('11.00');
    expect(money('10.999')).toBe('11.00');
  });

  it('reads a negative amount (a discount written as -5.00) as its size', () => {
    expect(money('-5.00')).toBe('5.00');
    expect(money(-2.5)).toBe('2.50');
  });

  it('takes what is absent or malformed as zero', () => {
    for (const value of [undefined, null, true, {}, [], '', ' ', 'abc', '1e3', '1.', '.5', '1,50', '--1', '1.2.3', 'R$ 10']) {
      expect(money(value)).toBe('0.00');
    }
  });

  it('turns a money string into cents', () => {
    expect(cents('169.70')).toBe(16970n);
  });
});

describe('validBodySignature: base64 HMAC-SHA256 of the raw body', () => {
  const body = Buffer.from('{"id":1}');
  const signed = createHmac('sha256', 'segredo').update(body).digest('base64');

  it('accepts the body\'s signature with the secret', () => {
    expect(validBodySignature(body, 'segredo', signed)).toBe(true);
  });

  it('refuses a missing signature, another secret, another body, and a signature of another length', () => {
    expect(validBodySignature(body, 'segredo', undefined)).toBe(false);
    expect(validBodySignature(body, 'segredo', '')).toBe(false);
    expect(validBodySignature(body, 'outro', signed)).toBe(false);
    expect(validBodySignature(Buffer.from('{"id":2}'), 'segredo', signed)).toBe(false);
    expect(validBodySignature(body, 'segredo', signed.slice(0, 20))).toBe(false);
    expect(validBodySignature(body, 'segredo', Buffer.concat([Buffer.from(signed, 'base64'), Buffer.from([0])]).toString('base64'))).toBe(false);
  });
});

describe('text and optionalText: what the order schema stores', () => {
  it('trims, cuts to the maximum, and puts the fallback (itself cut) in place of nothing', () => {
    expect(text('  Maria  ', 200)).toBe('Maria');
    expect(text('abcdef', 3)).toBe('abc');
    expect(text(42, 200)).toBe('42');
    expect(text('   ', 200)).toBe('-');
    expect(text(undefined, 200)).toBe('-');
    expect(text(null, 200, 's/n')).toBe('s/n');
    expect(text({}, 200, 'fallback')).toBe('fallback');
    expect(text('', 3, 'fallback')).toBe('fal');
  });

  it('takes only non-blank strings as optional text', () => {
    expect(optionalText('  a@b.c  ', 320)).toBe('a@b.c');
    expect(optionalText('abcdef', 4)).toBe('abcd');
    expect(optionalText('  ', 320)).toBeUndefined();
    expect(optionalText('', 320)).toBeUndefined();
    expect(optionalText(5, 320)).toBeUndefined();
    expect(optionalText(null, 320)).toBeUndefined();
  });
});

describe('instant: an ISO instant in UTC', () => {
  it('keeps a zone or offset given, and reads a bare date-time as UTC', () => {
    expect(instant('2025-03-22T19:28:02Z')).toBe('2025-03-22T19:28:02.000Z');
    expect(instant('2025-03-22T19:28:02z')).toBe('2025-03-22T19:28:02.000Z');
    expect(instant('2025-06-04T13:53:06-03:00')).toBe('2025-06-04T16:53:06.000Z');
    expect(instant('2025-10-30T13:19:15.000-0300')).toBe('2025-10-30T16:19:15.000Z');
    expect(instant('2025-06-04T13:53:06+01:00')).toBe('2025-06-04T12:53:06.000Z');
    expect(instant('2025-03-22T19:28:02')).toBe('2025-03-22T19:28:02.000Z');
  });

  it('reads a bare date-time as UTC whatever the machine\'s zone', () => {
    const zone = process.env.TZ;
    process.env.TZ = 'America/Sao_Paulo';
    try {
      expect(new Date('2025-03-22T19:28:02').toISOString()).toBe('2025-03-22T22:28:02.000Z');
      expect(instant('2025-03-22T19:28:02')).toBe('2025-03-22T19:28:02.000Z');
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });

  it('is undefined for anything that is not a date', () => {
    for (const value of [undefined, null, 1_742_671_682_000, '', '   ', 'yesterday', '2025-13-45T99:99:99']) expect(instant(value)).toBeUndefined();
    // Not a string, however it would print.
    expect(instant(['2025-03-22T19:28:02Z'])).toBeUndefined();
  });
});

describe('streetAndNumber: one address line split as Brazilian stores fill it', () => {
  it.each([
    ['Rua Augusta, 100', 'Rua Augusta', '100'],
    ['Rua Augusta 100', 'Rua Augusta', '100'],
    ['Rua Augusta,100', 'Rua Augusta', '100'],
    ['Av. Paulista, 1000A', 'Av. Paulista', '1000A'],
    ['Rua 25 de Março, 12  ', 'Rua 25 de Março', '12'],
  ])('%s → %s, %s', (line, street, number) => {
    expect(streetAndNumber(line)).toEqual({ street, number });
  });

  it('keeps a line with no trailing number whole, as s/n', () => {
    expect(streetAndNumber('123 Shipping Street')).toEqual({ street: '123 Shipping Street', number: 's/n' });
    expect(streetAndNumber('100')).toEqual({ street: '100', number: 's/n' });
    expect(streetAndNumber('Rua Augusta, 100AB')).toEqual({ street: 'Rua Augusta, 100AB', number: 's/n' });
    expect(streetAndNumber(undefined)).toEqual({ street: '-', number: 's/n' });
  });

  it('keeps the whole line as the street when nothing comes before the number', () => {
    expect(streetAndNumber(', 100')).toEqual({ street: ', 100', number: '100' });
  });
});

describe('record and list: reading what may not be there', () => {
  it('takes only plain objects as records', () => {
    const object = { a: 1 };
    expect(record(object)).toBe(object);
    for (const value of [null, undefined, [1], 'a', 1]) expect(record(value)).toEqual({});
  });

  it('takes only arrays as lists', () => {
    const array = [1, 2];
    expect(list(array)).toBe(array);
    for (const value of [null, undefined, { length: 1 }, 'ab']) expect(list(value)).toEqual([]);
  });
});
