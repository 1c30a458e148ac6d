// Brazilian identifiers on orders: CPF and CNPJ (customer document), CEP (postal code),
// UF (state) and the NF-e invoice access key. Validation is structural and by check
// digit only; whether the document exists is for the Receita Federal to say.

const CPF_PATTERN = /^(?:\d{11}|\d{3}\.\d{3}\.\d{3}-\d{2})$/;

// Since July 2026 new CNPJs may carry letters in their first twelve positions
// (IN RFB 2.229/2024); the two check digits stay numeric. Numeric CNPJs are the
// special case where every position is a digit, so one rule covers both.
const CNPJ_PATTERN =
  /^(?:[0-9A-Z]{12}\d{2}|[0-9A-Z]{2}\.[0-9A-Z]{3}\.[0-9A-Z]{3}\/[0-9A-Z]{4}-\d{2})$/;

const CNPJ_FIRST_WEIGHTS = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
const CNPJ_SECOND_WEIGHTS = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];

// Strips the mask characters. Letters survive (upper-cased) so an alphanumeric CNPJ
// normalizes to its 14 characters; for CPF and numeric CNPJ this leaves digits only.
export function normalizeDocument(s: string): string {
  return s.replace(/[.\-/\s]/g, '').toUpperCase();
}

export function isValidCpf(s: string): boolean {
  const trimmed = s.trim();
  if (!CPF_PATTERN.test(trimmed)) return false;
  const digits = toValues(normalizeDocument(trimmed));
  // 000.000.000-00, 111.111.111-11 ... satisfy the check digits but are not issued.
  if (isRepetition(digits)) return false;
  return (
    cpfCheckDigit(digits.slice(0, 9)) === digits[9] &&
    cpfCheckDigit(digits.slice(0, 10)) === digits[10]
  );
}

/** A CPF from its first nine digits: the two check digits appended, masked (`529.982.247-25`). */
export function cpfOf(nineDigits: readonly number[]): string {
  const digits = [...nineDigits];
  digits.push(cpfCheckDigit(digits));
  digits.push(cpfCheckDigit(digits));
  const text = digits.join('');
  return `${text.slice(0, 3)}.${text.slice(3, 6)}.${text.slice(6, 9)}-${text.slice(9)}`;
}

export function isValidCnpj(s: string): boolean {
  const trimmed = s.trim().toUpperCase();
  if (!CNPJ_PATTERN.test(trimmed)) return false;
  const values = toValues(normalizeDocument(trimmed));
  if (isRepetition(values)) return false;
  return (
    mod11CheckDigit(values.slice(0, 12), CNPJ_FIRST_WEIGHTS) === values[12] &&
    mod11CheckDigit(values.slice(0, 13), CNPJ_SECOND_WEIGHTS) === values[13]
  );
}

// A CEP is eight digits, written with or without the hyphen after the fifth.
const POSTAL_CODE_PATTERN = /^\d{5}-?\d{3}$/;

export function isValidPostalCode(s: string): boolean {
  return POSTAL_CODE_PATTERN.test(s);
}

// Orders store the eight bare digits, so "01310-100" and "01310100" compare equal.
export function normalizePostalCode(s: string): string {
  return s.replace('-', '');
}

export const UF_CODES = [
  'AC', 'AL', 'AP', 'AM', 'BA', 'CE', 'DF', 'ES', 'GO', 'MA', 'MT', 'MS', 'MG', 'PA',
  'PB', 'PR', 'PE', 'PI', 'RJ', 'RN', 'RS', 'RO', 'RR', 'SC', 'SP', 'SE', 'TO',
] as const;

export type UfCode = (typeof UF_CODES)[number];

// Upper case only: the stored address is canonical, so "sp" is rejected rather than
// silently kept in a second spelling.
export function isValidUf(s: string): s is UfCode {
  return (UF_CODES as readonly string[]).includes(s);
}

// NF-e access key (chave de acesso): 44 digits, the last a mod-11 check digit over
// the first 43 with weights 2..9 cycling from the right.
export function isValidInvoiceAccessKey(s: string): boolean {
  if (!/^\d{44}$/.test(s)) return false;
  return accessKeyCheckDigit(toValues(s.slice(0, 43))) === Number(s[43]);
}

/** An NF-e access key from its first 43 digits, the check digit appended. */
export function invoiceAccessKeyOf(first43: string): string {
  if (!/^\d{43}$/.test(first43)) throw new Error('an access key starts with 43 digits');
  return first43 + accessKeyCheckDigit(toValues(first43));
}

function accessKeyCheckDigit(digits: readonly number[]): number {
  let sum = 0;
  for (let i = digits.length - 1, weight = 2; i >= 0; i--, weight = weight === 9 ? 2 : weight + 1) {
    sum += (digits[i] ?? 0) * weight;
  }
  return checkDigitFromRemainder(sum % 11);
}

// Character value as the Receita defines it for the alphanumeric CNPJ: the ASCII code
// minus 48, which gives digits their own value and letters A..Z the values 17..42.
function toValues(s: string): number[] {
  return Array.from(s, (char) => char.charCodeAt(0) - 48);
}

function isRepetition(values: number[]): boolean {
  return values.every((value) => value === values[0]);
}

// CPF weights run from length+1 down to 2 over the digits so far.
function cpfCheckDigit(digits: number[]): number {
  const weights = digits.map((_, index) => digits.length + 1 - index);
  return mod11CheckDigit(digits, weights);
}

function mod11CheckDigit(values: number[], weights: number[]): number {
  const sum = values.reduce((total, value, index) => total + value * (weights[index] ?? 0), 0);
  return checkDigitFromRemainder(sum % 11);
}

function checkDigitFromRemainder(remainder: number): number {
  return remainder < 2 ? 0 : 11 - remainder;
}
