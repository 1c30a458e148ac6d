import type { FieldError } from '../errors.js';
import { isValidGtin } from './gtin.js';
import type { ProductContent } from './product-content.js';

/**
 * Rules a JSON schema cannot state: GTIN check digits, and every SKU (product or
 * variation) appearing once in the batch. Paths point into the request body.
 */
export function batchErrors(products: readonly ProductContent[]): FieldError[] {
  const errors: FieldError[] = [];
  const seen = new Map<string, string>();
  const claim = (sku: string, path: string) => {
    const first = seen.get(sku);
    if (first) errors.push({ path, message: `repeats the SKU ${sku} already given at ${first}` });
    else seen.set(sku, path);
  };
  products.forEach((product, i) => {
    claim(product.sku, `/products/${i}/sku`);
    if (product.gtin !== null && !isValidGtin(product.gtin)) errors.push({ path: `/products/${i}/gtin`, message: 'is not a valid GTIN (length or check digit)' });
    product.variations.forEach((variation, j) => {
      claim(variation.sku, `/products/${i}/variations/${j}/sku`);
      if (variation.gtin !== null && !isValidGtin(variation.gtin)) {
        errors.push({ path: `/products/${i}/variations/${j}/gtin`, message: 'is not a valid GTIN (length or check digit)' });
      }
    });
  });
  return errors;
}

/** Each listed channel, with the path to report it under when the seller lacks it. */
export function channelReferences(products: readonly ProductContent[]): { code: string; path: string }[] {
  return products.flatMap((product, i) => product.channels.map((code, j) => ({ code, path: `/products/${i}/channels/${j}` })));
}
