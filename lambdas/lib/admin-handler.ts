import type * as z from 'zod';
import { type AdminIdentity, requireAdmin } from './auth';
import { validated } from './errors';
import { type ApiResult, httpHandler, type RouteInput, readJsonBody } from './http';

type Schema = z.ZodType;
type Infer<S> = S extends z.ZodType ? z.output<S> : undefined;

export interface AdminInput<Q, B, P> extends RouteInput<Q, B, P> {
  operator: AdminIdentity;
}

/**
 * Every admin route: the one operator check first (401 without a valid token, 403 outside the
 * operators' group), then — and only then — the query, path and body are validated. Nothing in a
 * request grants rights.
 */
export function adminHandler<
  QS extends Schema | undefined = undefined,
  BS extends Schema | undefined = undefined,
  PS extends Schema | undefined = undefined,
>(spec: { query?: QS; body?: BS; path?: PS }, fn: (input: AdminInput<Infer<QS>, Infer<BS>, Infer<PS>>) => Promise<ApiResult>) {
  return httpHandler({}, async (input) => {
    const operator = await requireAdmin(input.event);
    const query = parse(spec.query, input.event.queryStringParameters ?? {});
    const path = parse(spec.path, input.event.pathParameters ?? {});
    const body = spec.body ? parse(spec.body, readJsonBody(input.event)) : undefined;
    return fn({
      ...input,
      operator,
      query: query as Infer<QS>,
      body: body as Infer<BS>,
      path: path as Infer<PS>,
    });
  });
}

function parse(schema: Schema | undefined, value: unknown): unknown {
  return schema ? validated(schema, value) : undefined;
}

/** Who did it, as the audit log names them. */
export const actorName = (operator: AdminIdentity) => operator.email ?? operator.sub;
