/**
 * PostgreSQL cannot store every JavaScript string: `text` refuses the NUL character and
 * `jsonb` refuses `\u0000` and unpaired surrogates (the UTF-8 encoder would silently turn
 * the latter into U+FFFD in `text`, changing what the client sent). Input from clients is
 * refused where it enters (see docs/security.md#text-postgresql-cannot-store); text from
 * third parties that we only record, such as a webhook receiver's answer, is made
 * storable instead.
 */

// A NUL, a high surrogate not followed by a low one, or a low one not preceded by a high one.
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const UNSTORABLE_GLOBAL = new RegExp(UNSTORABLE.source, 'g');

export const UNSTORABLE_TEXT_MESSAGE = 'must not contain NUL characters (\\u0000) or unpaired surrogates';

export function isStorableText(text: string): boolean {
  return !UNSTORABLE.test(text);
}

/** The text with each unstorable character replaced by U+FFFD, as a decoder does with invalid UTF-8. */
export function storableText(text: string): string;
export function storableText(text: string | null): string | null;
export function storableText(text: string | null): string | null {
  return text === null ? null : text.replace(UNSTORABLE_GLOBAL, '\uFFFD');
}

/**
 * JSON pointers (RFC 6901) of the strings and member names in `value` that PostgreSQL
 * cannot store, at most `limit` of them. Walks with its own stack: a 1 MiB body can nest
 * deeper than the call stack goes.
 */
export function unstorableTextPaths(value: unknown, limit = 20): string[] {
  const found: string[] = [];
  const pending: { value: unknown; path: string }[] = [{ value, path: '' }];
  while (pending.length > 0 && found.length < limit) {
    const { value: current, path } = pending.pop()!;
    if (typeof current === 'string') {
      if (!isStorableText(current)) found.push(path || '/');
    } else if (current instanceof Uint8Array) {
      // Raw bytes (a route that takes the body unparsed, such as the channels' inbound URL) are no text.
      continue;
    } else if (Array.isArray(current)) {
      for (let index = current.length - 1; index >= 0; index--) pending.push({ value: current[index], path: `${path}/${index}` });
    } else if (current !== null && typeof current === 'object') {
      const entries = Object.entries(current);
      for (let index = entries.length - 1; index >= 0; index--) {
        const [key, member] = entries[index]!;
        const memberPath = `${path}/${storableText(key).replace(/~/g, '~0').replace(/\//g, '~1')}`;
        if (!isStorableText(key)) found.push(memberPath);
        else pending.push({ value: member, path: memberPath });
      }
    }
  }
  return found.slice(0, limit);
}

/** A copy of `value` (plain data: objects, arrays, strings) with every string made storable. */
export function storableData<T>(value: T): T {
  if (typeof value === 'string') return storableText(value) as T;
  if (Array.isArray(value)) return value.map((entry) => storableData(entry)) as T;
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, member]) => [storableText(key), storableData(member)])) as T;
  }
  return value;
}
