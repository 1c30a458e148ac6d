import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  UF_CODES,
  isValidCnpj,
  isValidCpf,
  isValidInvoiceAccessKey,
  isValidPostalCode,
  isValidUf,
  normalizeDocument,
  normalizePostalCode,
} from '../../src/orders/brazilian-documents.js';

// Independent generators: they follow the published algorithms in a different shape
// from the module (the "× 10 mod 11" form for CPF, right-to-left cycling weights for
// CNPJ), so a shared mistake is unlikely.

function cpfDigit(digits: number[]): number {
  const weighted = digits.reduce((sum, d, i) => sum + d * (digits.length + 1 - i), 0);
  return ((weighted * 10) % 11) % 10;
}

function makeCpf(base9: number[]): string {
  const first = cpfDigit(base9);
  const second = cpfDigit([...base9, first]);
  return [...base9, first, second].join('');
}

function cnpjDigit(chars: string): number {
  let sum = 0;
  let weight = 2;
  for (let i = chars.length - 1; i >= 0; i--) {
    sum += (chars.charCodeAt(i) - '0'.charCodeAt(0)) * weight;
    weight = weight === 9 ? 2 : weight + 1;
  }
  const r = sum % 11;
  return r < 2 ? 0 : 11 - r;
}

function makeCnpj(base12: string): string {
  const first = cnpjDigit(base12);
  const second = cnpjDigit(base12 + String(first));
  return `${base12}${first}${second}`;
}

function maskCpf(d: string): string {
  return `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6, 9)}-${d.slice(9)}`;
}

function maskCnpj(d: string): string {
  return `${d.slice(0, 2)}.${d.slice(2, 5)}.${d.slice(5, 8)}/${d.slice(8, 12)}-${d.slice(12)}`;
}

function makeAccessKey(base43: string): string {
  let sum = 0;
  for (let i = 0; i < 43; i++) {
    const weightFromRight = ((42 - i) % 8) + 2;
    sum += Number(base43[i]) * weightFromRight;
  }
  const r = sum % 11;
  return base43 + String(r < 2 ? 0 : 11 - r);
}

function replaceCharAt(s: string, index: number, char: string): string {
  return s.slice(0, index) + char + s.slice(index + 1);
}

const nonRepeatingDigits = (length: number) =>
  fc
    .array(fc.integer({ min: 0, max: 9 }), { minLength: length, maxLength: length })
    .filter((digits) => digits.some((d) => d !== digits[0]));

const alphanumericBase = fc
  .array(fc.constantFrom(...'0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ'), {
    minLength: 12,
    maxLength: 12,
  })
  .map((chars) => chars.join(''))
  .filter((s) => /[^0]/.test(s) && new Set(s).size > 1);

describe('the test generators themselves', () => {
  it('reproduce widely published valid documents', () => {
    expect(makeCpf([5, 2, 9, 9, 8, 2, 2, 4, 7])).toBe('52998224725');
    expect(makeCnpj('112223330001')).toBe('11222333000181');
    // The Receita Federal's own alphanumeric example.
    expect(makeCnpj('12ABC34501DE')).toBe('12ABC34501DE35');
  });
});

describe('isValidCpf', () => {
  it.each(['52998224725', '529.982.247-25', '  529.982.247-25  '])('accepts %j', (cpf) => {
    expect(isValidCpf(cpf)).toBe(true);
  });

  it('accepts generated CPFs, bare and masked', () => {
    fc.assert(
      fc.property(nonRepeatingDigits(9), (base) => {
        const cpf = makeCpf(base);
        if (new Set(cpf).size === 1) return; // e.g. 000000000 → 00000000000
        expect(isValidCpf(cpf)).toBe(true);
        expect(isValidCpf(maskCpf(cpf))).toBe(true);
      }),
    );
  });

  it('rejects a generated CPF whose check digit is changed', () => {
    fc.assert(
      fc.property(
        nonRepeatingDigits(9),
        fc.integer({ min: 9, max: 10 }),
        fc.integer({ min: 1, max: 9 }),
        (base, position, bump) => {
          const cpf = makeCpf(base);
          const wrong = String((Number(cpf[position]) + bump) % 10);
          expect(isValidCpf(replaceCharAt(cpf, position, wrong))).toBe(false);
        },
      ),
    );
  });

  it.each([
    ['wrong second check digit', '529.982.247-24'],
    ['wrong first check digit', '529.982.247-15'],
    ['swapped digits', '259.982.247-25'],
    ['all zeros', '000.000.000-00'],
    ['all ones (valid check digits, never issued)', '111.111.111-11'],
    ['all nines', '99999999999'],
    ['too short', '5299822472'],
    ['too long', '529982247250'],
    ['partial mask', '529982247-25'],
    ['wrong separators', '529-982-247.25'],
    ['letters', '529.982.247-2A'],
    ['empty', ''],
    ['a CNPJ', '11.222.333/0001-81'],
  ])('rejects %s (%j)', (_label, cpf) => {
    expect(isValidCpf(cpf)).toBe(false);
  });
});

describe('isValidCnpj', () => {
  it.each([
    '11222333000181',
    '11.222.333/0001-81',
    '12ABC34501DE35',
    '12.ABC.345/01DE-35',
    '12.abc.345/01de-35',
  ])('accepts %j', (cnpj) => {
    expect(isValidCnpj(cnpj)).toBe(true);
  });

  it('accepts generated numeric CNPJs, bare and masked', () => {
    fc.assert(
      fc.property(nonRepeatingDigits(12), (base) => {
        const cnpj = makeCnpj(base.join(''));
        expect(isValidCnpj(cnpj)).toBe(true);
        expect(isValidCnpj(maskCnpj(cnpj))).toBe(true);
      }),
    );
  });

  it('accepts generated alphanumeric CNPJs (in force since July 2026)', () => {
    fc.assert(
      fc.property(alphanumericBase, (base) => {
        const cnpj = makeCnpj(base);
        expect(isValidCnpj(cnpj)).toBe(true);
        expect(isValidCnpj(maskCnpj(cnpj))).toBe(true);
      }),
    );
  });

  it('rejects a generated CNPJ whose check digit is changed', () => {
    fc.assert(
      fc.property(
        alphanumericBase,
        fc.integer({ min: 12, max: 13 }),
        fc.integer({ min: 1, max: 9 }),
        (base, position, bump) => {
          const cnpj = makeCnpj(base);
          const wrong = String((Number(cnpj[position]) + bump) % 10);
          expect(isValidCnpj(replaceCharAt(cnpj, position, wrong))).toBe(false);
        },
      ),
    );
  });

  it.each([
    ['wrong second check digit', '11.222.333/0001-80'],
    ['wrong first check digit', '11.222.333/0001-91'],
    ['all zeros', '00.000.000/0000-00'],
    ['all ones', '11111111111111'],
    ['too short', '1122233300018'],
    ['too long', '112223330001810'],
    ['letter in a check digit', '12ABC34501DE3A'],
    ['punctuation character', '12ABC34501D#35'],
    ['partial mask', '11222333/0001-81'],
    ['a CPF', '529.982.247-25'],
    ['empty', ''],
  ])('rejects %s (%j)', (_label, cnpj) => {
    expect(isValidCnpj(cnpj)).toBe(false);
  });
});

describe('normalizeDocument', () => {
  it('strips the CPF and CNPJ masks down to the bare characters', () => {
    expect(normalizeDocument('529.982.247-25')).toBe('52998224725');
    expect(normalizeDocument('11.222.333/0001-81')).toBe('11222333000181');
    expect(normalizeDocument(' 529 982 247 25 ')).toBe('52998224725');
  });

  it('keeps alphanumeric CNPJ letters, upper-cased', () => {
    expect(normalizeDocument('12.abc.345/01de-35')).toBe('12ABC34501DE35');
  });

  it('yields a document that still validates', () => {
    expect(isValidCpf(normalizeDocument('529.982.247-25'))).toBe(true);
    expect(isValidCnpj(normalizeDocument('12.ABC.345/01DE-35'))).toBe(true);
  });
});

describe('postal code (CEP)', () => {
  it.each(['01310-100', '01310100', '70040-010'])('accepts %j', (cep) => {
    expect(isValidPostalCode(cep)).toBe(true);
  });

  it.each(['0131-0100', '01310--100', '013101000', '0131010', '01310-10a', '01.310-100', '', ' 01310100'])(
    'rejects %j',
    (cep) => {
      expect(isValidPostalCode(cep)).toBe(false);
    },
  );

  it('normalizes to eight digits', () => {
    expect(normalizePostalCode('01310-100')).toBe('01310100');
    expect(normalizePostalCode('01310100')).toBe('01310100');
  });
});

describe('UF', () => {
  it('lists the 26 states and the Federal District once each', () => {
    expect(UF_CODES).toHaveLength(27);
    expect(new Set(UF_CODES).size).toBe(27);
    expect(UF_CODES).toContain('DF');
    expect(UF_CODES).toContain('SP');
    expect(UF_CODES).toContain('TO');
  });

  it.each([...UF_CODES])('accepts %s', (uf) => {
    expect(isValidUf(uf)).toBe(true);
  });

  it.each(['sp', 'Sp', 'XX', 'BR', 'GB', '', 'SPP', ' SP'])('rejects %j', (uf) => {
    expect(isValidUf(uf)).toBe(false);
  });
});

describe('isValidInvoiceAccessKey', () => {
  const digits43 = fc
    .array(fc.integer({ min: 0, max: 9 }), { minLength: 43, maxLength: 43 })
    .map((d) => d.join(''));

  it('accepts generated keys', () => {
    fc.assert(
      fc.property(digits43, (base) => {
        expect(isValidInvoiceAccessKey(makeAccessKey(base))).toBe(true);
      }),
    );
  });

  it('rejects a generated key whose check digit is changed', () => {
    fc.assert(
      fc.property(digits43, fc.integer({ min: 1, max: 9 }), (base, bump) => {
        const key = makeAccessKey(base);
        const wrong = String((Number(key[43]) + bump) % 10);
        expect(isValidInvoiceAccessKey(replaceCharAt(key, 43, wrong))).toBe(false);
      }),
    );
  });

  it('maps remainders 0 and 1 to check digit 0', () => {
    // 42 zeros then a 1: sum = 1 × 2 → remainder 2 → digit 9.
    expect(isValidInvoiceAccessKey(`${'0'.repeat(42)}19`)).toBe(true);
    // All zeros: remainder 0 → digit 0.
    expect(isValidInvoiceAccessKey('0'.repeat(44))).toBe(true);
    // 42 zeros then a 5: 5 × 2 = 10 → digit 1.
    expect(isValidInvoiceAccessKey(`${'0'.repeat(42)}51`)).toBe(true);
    // Digit 6 in front of the check digit: 12 mod 11 = 1 → digit 0, not 10.
    expect(isValidInvoiceAccessKey(`${'0'.repeat(42)}60`)).toBe(true);
  });

  it('cycles the weights back to 2 after 9', () => {
    // Position 34 (0-based) is the ninth from the right among the 43: weight 2 again.
    const key = `${'0'.repeat(34)}1${'0'.repeat(8)}9`;
    expect(isValidInvoiceAccessKey(key)).toBe(true);
    // With a non-cycling weight of 10 the check digit would be 1.
    expect(isValidInvoiceAccessKey(`${'0'.repeat(34)}1${'0'.repeat(8)}1`)).toBe(false);
  });

  it.each([
    ['43 digits', '1'.repeat(43)],
    ['45 digits', '0'.repeat(45)],
    ['spaces between groups', '3517 0608 5305 2800 0184 5500 0000 0154 3010 0077 1561'],
    ['a letter', `${'0'.repeat(43)}A`],
    ['empty', ''],
  ])('rejects %s', (_label, key) => {
    expect(isValidInvoiceAccessKey(key)).toBe(false);
  });
});
