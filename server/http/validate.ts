// Zod at the door: JSON bodies and path parameters are checked before a handler sees them.
import type { MiddlewareHandler } from 'hono';
import type { z } from 'zod';
import type { AppEnv } from './app-env';
import { HttpError } from './errors';

const JSON_MEDIA_TYPE = /^application\/([\w.-]+\+)?json$/i;
export const MALFORMED_JSON = 'Malformed JSON';
export const JSON_REQUIRED = 'Content-Type must be application/json';

/** "name: Invalid input: expected string, received number" and the like, one per problem. */
export function describeZodError(error: z.ZodError, root = 'body'): string {
  return error.issues
    .map((issue) => `${issue.path.length ? issue.path.join('.') : root}: ${issue.message}`)
    .join('; ');
}

/** Set in a custom zod issue's params: the value is too large, so the answer is a 413, not a 400. */
export const TOO_LARGE_PARAM = 'tooLarge';

function statusOf(error: z.ZodError): 400 | 413 {
  return error.issues.some(
    (issue) => issue.code === 'custom' && issue.params?.[TOO_LARGE_PARAM] === true,
  )
    ? 413
    : 400;
}

type Validated<Target extends string, S extends z.ZodType> = {
  in: { [K in Target]: z.input<S> };
  out: { [K in Target]: z.output<S> };
};

/**
 * The schema each jsonBody middleware checks, keyed by the middleware itself: Hono's app.routes lists
 * every handler of a route, so the endpoint fuzz (tests/server/fuzz.test.ts) finds each route's body
 * schema, and so its text fields, from the app's own registry.
 */
const bodySchemas = new WeakMap<object, z.ZodType>();

export function bodySchemaOf(handler: unknown): z.ZodType | undefined {
  return typeof handler === 'function' ? bodySchemas.get(handler) : undefined;
}

/**
 * Parses the JSON body and checks it against `schema`. An empty body reads as {} so that a missing field
 * gets the route's own message (e.g. 'Access code is required') rather than a parser's.
 */
export function jsonBody<S extends z.ZodType>(
  schema: S,
): MiddlewareHandler<AppEnv, string, Validated<'json', S>> {
  const middleware: MiddlewareHandler<AppEnv, string, Validated<'json', S>> = async (c, next) => {
    const text = await c.req.text();
    let value: unknown = {};
    if (text.trim() !== '') {
      const mediaType = (c.req.header('content-type') ?? '').split(';')[0]?.trim() ?? '';
      if (!JSON_MEDIA_TYPE.test(mediaType)) throw new HttpError(415, JSON_REQUIRED);
      try {
        value = JSON.parse(text);
      } catch {
        throw new HttpError(400, MALFORMED_JSON);
      }
    }
    const result = schema.safeParse(value);
    if (!result.success)
      throw new HttpError(statusOf(result.error), describeZodError(result.error));
    c.req.addValidatedData('json', result.data as object);
    await next();
  };
  bodySchemas.set(middleware, schema);
  return middleware;
}

export function pathParams<S extends z.ZodType>(
  schema: S,
): MiddlewareHandler<AppEnv, string, Validated<'param', S>> {
  return async (c, next) => {
    const result = schema.safeParse(c.req.param());
    if (!result.success) throw new HttpError(400, describeZodError(result.error, 'path'));
    c.req.addValidatedData('param', result.data as object);
    await next();
  };
}
