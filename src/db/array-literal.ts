/**
 * A list of strings as a PostgreSQL array literal, for a `?::text[]` parameter: each
 * element quoted, its quotes and backslashes escaped, so any text (commas, braces,
 * spaces) arrives as itself.
 */
export function textArray(values: readonly string[]): string {
  return `{${values.map((value) => `"${value.replace(/["\\]/g, '\\$&')}"`).join(',')}}`;
}
