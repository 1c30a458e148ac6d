// GTIN (EAN/UPC) barcodes: GTIN-8, -12 (UPC-A), -13 (EAN-13) and -14, digits only,
// with the GS1 mod-10 check digit.

const GTIN_PATTERN = /^(?:\d{8}|\d{12,14})$/;

export function isValidGtin(s: string): boolean {
  if (!GTIN_PATTERN.test(s)) return false;
  const digits = Array.from(s, Number);
  const checkDigit = digits.pop();
  return gs1CheckDigit(digits) === checkDigit;
}

// GS1 weights alternate 3, 1, 3, ... starting from the digit next to the check digit,
// which is what lets one rule serve every GTIN length.
function gs1CheckDigit(digits: number[]): number {
  let sum = 0;
  for (let i = digits.length - 1, weight = 3; i >= 0; i--, weight = 4 - weight) {
    sum += (digits[i] ?? 0) * weight;
  }
  return (10 - (sum % 10)) % 10;
}
