import { Type } from 'typebox';
import { isUuid } from '../db/ids.js';
import { isStorableInstant } from '../db/storable-instant.js';
import { AppError } from '../errors.js';
import { listQuery } from './validation.js';

/** Every list answers `{data, nextCursor}` (docs/architecture.md, "Lists"). */
export interface Page<T> {
  data: T[];
  nextCursor: string | null;
}

/** The response schema of a list of `item`s: `{data, nextCursor}`, REST's every list. */
export function pageResponse<T extends Parameters<typeof Type.Array>[0]>(item: T) {
  return Type.Object({ data: Type.Array(item), nextCursor: Type.Union([Type.String(), Type.Null()]) });
}

export type CursorValues = readonly (string | number)[];

/** Opaque to clients; inside, the sort key of the last row returned. */
export function encodeCursor(values: CursorValues): string {
  return Buffer.from(JSON.stringify(values)).toString('base64url');
}

/**
 * What each position of a list's cursor holds (a list of values: one of those, an enum
 * column's). A cursor is opaque but comes back from the
 * client, so each value is checked before it reaches SQL: a forged one is a 422, never a
 * database error (a malformed uuid or timestamp fails the statement).
 */
export type CursorPart = 'uuid' | 'instant' | 'text' | readonly string[];

const CURSOR_VALUE_MAX_LENGTH = 200;

export function decodeCursor(cursor: string, parts: readonly CursorPart[]): string[] {
  try {
    const values: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(values) && values.length === parts.length && values.every((value, index) => fits(value, parts[index]!))) {
      return values as string[];
    }
  } catch {
    // reported below
  }
  throw new AppError('VALIDATION_FAILED', 'The cursor is not valid', {}, [
    { path: '/cursor', message: 'is not a cursor this list returned' },
  ]);
}

function fits(value: unknown, part: CursorPart): boolean {
  if (typeof value !== 'string' || value.length > CURSOR_VALUE_MAX_LENGTH) return false;
  if (part === 'uuid') return isUuid(value);
  if (part === 'instant') return isStorableInstant(value);
  if (part === 'text') return true;
  return part.includes(value);
}

/** Rows fetched with limit + 1: the extra row only says whether another page exists. */
export function pageOf<T>(rows: T[], limit: number, cursorOf: (row: T) => CursorValues): Page<T> {
  const data = rows.slice(0, limit);
  const last = data[data.length - 1];
  return { data, nextCursor: rows.length > limit && last ? encodeCursor(cursorOf(last)) : null };
}

/** A page with each row shown as `view` shows it (a list's response, REST and services alike). */
export async function viewPage<T, V>(page: Page<T>, view: (rows: T[]) => V[] | Promise<V[]>): Promise<Page<V>> {
  return { data: await view(page.data), nextCursor: page.nextCursor };
}

/** Query parameters shared by every list; the maximum comes from config at start. */
export function pageQuerySchema(maxLimit: number) {
  return {
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: maxLimit, description: `Page size (max ${maxLimit})` })),
    cursor: Type.Optional(Type.String({ minLength: 1, description: 'nextCursor of the previous page' })),
  };
}

/** The page a list reads: `limit` rows after `cursor`. */
export interface PageRequest {
  limit: number;
  cursor?: string;
}

/** A list's validated `limit` and `cursor` → the page to read; no limit means PAGE_SIZE_DEFAULT. */
export function pageRequest({ limit, cursor }: { limit?: number; cursor?: string }, defaultLimit: number): PageRequest {
  return cursor === undefined ? { limit: limit ?? defaultLimit } : { limit: limit ?? defaultLimit, cursor };
}

/**
 * A list's validated input, in the domain's terms (REST's query string once translated,
 * GraphQL's arguments) → its filter (every other field) and the page to read.
 */
export function listRequest<Q extends { limit?: number; cursor?: string }>(
  input: Q,
  defaultLimit: number,
): { filter: Omit<Q, 'limit' | 'cursor'>; page: PageRequest } {
  const { limit: _limit, cursor: _cursor, ...filter } = input;
  return { filter, page: pageRequest(input, defaultLimit) };
}

/** `?limit=&cursor=` of a list with no filter, REST and GraphQL alike. */
export const pageQuery = listQuery((maxLimit) => Type.Object(pageQuerySchema(maxLimit), { additionalProperties: false }));
