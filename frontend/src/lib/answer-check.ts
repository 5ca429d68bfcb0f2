/**
 * The shared answer schemas as the browser runs them: the build turns each zod schema into JSON
 * Schema (`z.toJSONSchema`, frontend/build/virtual-modules.ts `answerSchemas`) and this checks a value against
 * it, so a first visit parses the API's answers without zod (≈ 25 kB gzip; issue 25). The zod
 * schema stays the one definition. Only the keywords zod writes for plain data shapes are known;
 * the build refuses a schema with any other (a refinement or transform cannot be compiled this way).
 */
export interface JsonSchema {
  $schema?: string;
  type?: 'object' | 'array' | 'string' | 'number' | 'integer' | 'boolean' | 'null';
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  enum?: readonly unknown[];
  const?: unknown;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
}

const KNOWN: ReadonlySet<string> = new Set([
  '$schema',
  'type',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'enum',
  'const',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'minLength',
  'maxLength',
  'minItems',
  'maxItems',
]);

/** A keyword this checker does not implement, found where the schema is compiled (at build time or first use). */
export function unknownKeyword(schema: JsonSchema): string | undefined {
  for (const key of Object.keys(schema)) if (!KNOWN.has(key)) return key;
  for (const child of [...Object.values(schema.properties ?? {}), schema.items]) {
    const found = child && unknownKeyword(child);
    if (found) return found;
  }
  if (typeof schema.additionalProperties === 'object') return unknownKeyword(schema.additionalProperties);
  return undefined;
}

export class AnswerShapeError extends Error {}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function typeOk(type: JsonSchema['type'], value: unknown): boolean {
  switch (type) {
    case undefined:
      return true;
    case 'object':
      return isObject(value);
    case 'array':
      return Array.isArray(value);
    case 'integer':
      return Number.isInteger(value);
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'null':
      return value === null;
    default:
      return typeof value === type;
  }
}

function boundsOk(s: JsonSchema, value: unknown): boolean {
  if (typeof value === 'number') {
    if (s.minimum !== undefined && value < s.minimum) return false;
    if (s.maximum !== undefined && value > s.maximum) return false;
    if (s.exclusiveMinimum !== undefined && value <= s.exclusiveMinimum) return false;
    if (s.exclusiveMaximum !== undefined && value >= s.exclusiveMaximum) return false;
  }
  const length = typeof value === 'string' || Array.isArray(value) ? value.length : undefined;
  if (length !== undefined) {
    const min = typeof value === 'string' ? s.minLength : s.minItems;
    const max = typeof value === 'string' ? s.maxLength : s.maxItems;
    if ((min !== undefined && length < min) || (max !== undefined && length > max)) return false;
  }
  return true;
}

/** The value as zod would output it (an object keeps its listed properties only, as z.object strips), or an error at `path`. */
function check(s: JsonSchema, value: unknown, path: string): unknown {
  const fail = (why: string) => {
    throw new AnswerShapeError(`${path || 'answer'}: ${why}`);
  };
  if (!typeOk(s.type, value)) fail(`expected ${s.type}`);
  if (s.enum && !s.enum.includes(value)) fail('not one of the allowed values');
  if ('const' in s && value !== s.const) fail('not the expected value');
  if (!boundsOk(s, value)) fail('out of range');
  if (Array.isArray(value) && s.items) {
    const items = s.items;
    return value.map((item, i) => check(items, item, `${path}[${i}]`));
  }
  if (!isObject(value) || !s.properties) return value;
  const out: Record<string, unknown> = {};
  for (const key of s.required ?? []) if (value[key] === undefined) fail(`${key} is missing`);
  for (const [key, child] of Object.entries(s.properties)) {
    if (value[key] !== undefined) out[key] = check(child, value[key], path ? `${path}.${key}` : key);
  }
  if (s.additionalProperties !== undefined && s.additionalProperties !== false && s.additionalProperties !== true) {
    const rest = s.additionalProperties;
    for (const key of Object.keys(value)) if (!(key in s.properties)) out[key] = check(rest, value[key], `${path}.${key}`);
  }
  return out;
}

export type SafeParse<T> = { success: true; data: T } | { success: false; error: AnswerShapeError };

/** A compiled answer schema: `parse` and `safeParse`, as the zod schema it came from has them. */
export interface AnswerSchema<T> {
  parse(data: unknown): T;
  safeParse(data: unknown): SafeParse<T>;
}

export function answerSchema<T>(schema: JsonSchema): AnswerSchema<T> {
  const unknown = unknownKeyword(schema);
  if (unknown) throw new Error(`answer schema uses '${unknown}', which answer-check.ts does not implement`);
  const parse = (data: unknown) => check(schema, data, '') as T;
  return {
    parse,
    safeParse(data) {
      try {
        return { success: true, data: parse(data) };
      } catch (err) {
        if (err instanceof AnswerShapeError) return { success: false, error: err };
        throw err;
      }
    },
  };
}
