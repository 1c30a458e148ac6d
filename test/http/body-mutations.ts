/**
 * Bad versions of a valid JSON body, derived from its JSON Schema: for every field the
 * valid body has, the values a careless or hostile client sends instead.
 */
export type JsonSchema = {
  type?: string;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  format?: string;
  pattern?: string;
  [keyword: string]: unknown;
};

export interface BodyMutation {
  /** e.g. `/items/0/quantity = -1` */
  label: string;
  /** The mutated body, or raw JSON text when JSON.stringify cannot say it (1e400). */
  body: unknown;
  raw?: string;
  /**
   * `schema`: the body breaks its schema, so validation must refuse it.
   * `always`: schema-valid perhaps, but no field may take it (a NUL character, a number
   * beyond what any column holds): it must be refused all the same.
   * `probe`: possibly valid (an injection-looking string in free text): anything but a 5xx.
   */
  kind: 'schema' | 'always' | 'probe';
}

const RAW = '\u0001raw\u0001';
const SQL = "x' OR '1'='1'; DROP TABLE sales_order; --";
let scripts = 0;
/**
 * A script tag of its own for each mutation: one a service stores under a unique key (a
 * product's SKU) is not met again by another case (a variation's SKU).
 */
const script = () => `<script>alert(${(scripts += 1)})</script>`;

/** Every mutation of `body`, one field (or the shape around it) at a time. */
export function bodyMutations(body: unknown, schema: JsonSchema): BodyMutation[] {
  const found: BodyMutation[] = [];
  walk(body, schema, [], (pointer, replacement, label, kind, raw) => {
    const mutated = replaceAt(body, pointer, replacement);
    const text = raw === undefined ? undefined : JSON.stringify(mutated).replace(JSON.stringify(RAW), raw);
    found.push({ label: `${'/' + pointer.join('/')} ${label}`, body: mutated, raw: text, kind });
  });
  return found;
}

type Emit = (pointer: (string | number)[], replacement: unknown, label: string, kind: BodyMutation['kind'], raw?: string) => void;

function walk(value: unknown, schema: JsonSchema, pointer: (string | number)[], emit: Emit): void {
  const resolved = branchFor(value, schema);
  if (Array.isArray(value)) {
    emit(pointer, 'not a list', '= "not a list"', 'schema');
    if ((resolved.minItems ?? 0) > 0) emit(pointer, [], '= [] (empty list)', 'schema');
    if (resolved.maxItems !== undefined && value.length > 0) {
      emit(pointer, Array.from({ length: resolved.maxItems + 1 }, () => value[0]), `= ${resolved.maxItems + 1} items (one too many)`, 'schema');
    }
    emit(pointer, Array.from({ length: 20_000 }, () => 0), '= 20000 zeros (huge list)', 'schema');
    emit(pointer, [null], '= [null]', 'schema');
    if (value.length > 0 && resolved.items) walk(value[0], resolved.items, [...pointer, 0], emit);
    return;
  }
  if (value !== null && typeof value === 'object') {
    emit(pointer, 'not an object', '= "not an object"', 'schema');
    emit(pointer, { ...value, unexpectedField: 1 }, '+ unexpectedField (extra field)', 'schema');
    for (const required of resolved.required ?? []) {
      if (!(required in value)) continue;
      const { [required]: _removed, ...rest } = value as Record<string, unknown>;
      emit(pointer, rest, `- ${required} (missing required field)`, 'schema');
    }
    for (const [key, member] of Object.entries(value)) {
      const memberSchema = resolved.properties?.[key];
      if (memberSchema) walk(member, memberSchema, [...pointer, key], emit);
    }
    return;
  }
  if (typeof value === 'string') {
    emit(pointer, 12345, '= 12345 (number for a string)', 'schema');
    emit(pointer, null, '= null', 'schema');
    emit(pointer, `${value}\u0000`, '+ NUL character', 'always');
    emit(pointer, 'x'.repeat(Math.max(resolved.maxLength ?? 0, 10_000) + 1), `= ${Math.max(resolved.maxLength ?? 0, 10_000) + 1} characters`, 'always');
    emit(pointer, SQL, '= SQL-looking text', 'probe');
    emit(pointer, script(), '= script tag', 'probe');
    emit(pointer, '\uD800', '= lone surrogate', 'always');
    if (resolved.format === 'date-time') {
      emit(pointer, '2026-02-30T10:00:00Z', '= 30 February', 'schema');
      emit(pointer, 'yesterday', '= "yesterday"', 'schema');
      emit(pointer, '+275760-09-13T00:00:00.001Z', '= beyond the last JavaScript date', 'always');
    }
    return;
  }
  if (typeof value === 'number') {
    emit(pointer, String(value), `= "${value}" (string for a number)`, 'schema');
    emit(pointer, null, '= null', 'schema');
    emit(pointer, -1, '= -1', 'probe');
    emit(pointer, 1.5, '= 1.5', resolved.type === 'integer' ? 'schema' : 'probe');
    emit(pointer, 2_147_483_648, '= 2147483648 (beyond a 32-bit integer)', 'always');
    emit(pointer, RAW, '= 1e400 (overflows to Infinity)', 'always', '1e400');
    emit(pointer, RAW, '= 123456789012345678901234567890 (beyond 2^53)', 'always', '123456789012345678901234567890');
    return;
  }
  if (typeof value === 'boolean') {
    emit(pointer, 'true', '= "true" (string for a boolean)', 'schema');
    emit(pointer, 1, '= 1 (number for a boolean)', 'schema');
  }
}

/** The branch of an `anyOf` that describes this value (the non-null one whose fields it has). */
function branchFor(value: unknown, schema: JsonSchema): JsonSchema {
  if (!schema.anyOf) return schema;
  const candidates = schema.anyOf.filter((branch) => branch.type !== 'null');
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    const keys = Object.keys(value);
    return candidates.find((branch) => keys.every((key) => key in (branch.properties ?? {}))) ?? candidates[0]!;
  }
  return candidates.find((branch) => branch.type === typeOf(value)) ?? candidates[0]!;
}

function typeOf(value: unknown): string {
  if (Array.isArray(value)) return 'array';
  if (value === null) return 'null';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

/** A copy of `body` with the member at `pointer` (the whole body for []) replaced. */
export function replaceAt(body: unknown, pointer: (string | number)[], replacement: unknown): unknown {
  if (pointer.length === 0) return replacement;
  const copy = structuredClone(body) as Record<string | number, unknown>;
  let node = copy;
  for (const step of pointer.slice(0, -1)) node = node[step] as Record<string | number, unknown>;
  node[pointer[pointer.length - 1]!] = replacement;
  return copy;
}
