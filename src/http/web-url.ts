import { Type } from 'typebox';

/**
 * A URL a client stores for people to follow (a tracking page, a product image): http or
 * https only, in any letter case. Clients and the console render these as links, so a
 * `javascript:` or `data:` URL would be script waiting for a click.
 */
export function webUrl(maxLength: number, description?: string) {
  return Type.String({ format: 'uri', pattern: '^[Hh][Tt][Tt][Pp][Ss]?://', maxLength, ...(description ? { description } : {}) });
}
