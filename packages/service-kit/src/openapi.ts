// The OpenAPI 3.1 description of the API, generated from the route tables and their zod contracts with
// zod 4's own JSON Schema output (draft 2020-12, the dialect OpenAPI 3.1 uses): each service describes
// its rows (`describeRoutes`, served on its internal `/openapi`), the gateway assembles the document.
import { z } from 'zod';
import { ErrorBody, isAdminApiPath } from '@mastering/contracts';
import type { Method, Reply, ReplySpec, RouteTable } from './routes';

type JsonSchema = Record<string, unknown>;
type Operation = Record<string, unknown>;
type Row = RouteTable[number];
/** OpenAPI path items: `{ '/api/orders/{id}': { get: operation } }`. */
export type PathItems = Record<string, Record<string, Operation>>;

/** The error statuses an operation may answer; each is described once in `components.responses`. */
export const ERROR_STATUSES = {
  400: 'Bad input: a field, the query or the path is not valid (`details` lists the fields)',
  401: 'Not signed in',
  403: 'Signed in without the role this needs, or a cross-site write',
  404: 'Not found',
  409: 'Clashes with the current state (a duplicate, or a record still in use)',
  413: 'The body is too large',
  415: 'The body is not of an accepted type',
  422: 'Well-formed but not acceptable',
  429: 'Too many requests; try again later',
  503: 'A dependency (the database, mail, another service) is down',
} as const;
type ErrorStatus = keyof typeof ERROR_STATUSES;

/** The session cookie set by `POST /auth/verify-code`; its name is the services' SESSION_COOKIE default. */
export const SESSION_COOKIE_SCHEME = {
  type: 'apiKey',
  in: 'cookie',
  name: 'sid',
  description: 'The session cookie set by `POST /auth/verify-code`.',
} as const;

/** A contract's JSON Schema as it travels: the `input` side (before transforms and defaults), no `$schema`. */
export function jsonSchemaOf(schema: z.ZodType): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io: 'input',
    unrepresentable: 'any',
  }) as JsonSchema;
  return rest;
}

/** `/api/orders/:id` and `/media/*key` in OpenAPI's form: `/api/orders/{id}`, `/media/{key}`. */
export const openApiPath = (path: string) => path.replace(/[:*](\w+)/g, '{$1}');

/** The names of a router path's named parameters (`:id`), which the row's params schema must check. */
const pathParams = (path: string) => [...path.matchAll(/:(\w+)/g)].map((m) => m[1]!);

/** A wildcard (`*key`) as a path parameter: the rest of the path, which the handler reads itself. */
const wildcardParams = (path: string): Operation[] =>
  [...path.matchAll(/\*(\w+)/g)].map((m) => ({
    name: m[1]!,
    in: 'path',
    required: true,
    description: 'The rest of the path, slashes included',
    schema: { type: 'string' },
  }));

/** A stable operation id from method and path: `GET /api/orders/{id}` → `getApiOrdersById`. */
function operationId(method: Method, path: string): string {
  const words = path
    .split('/')
    .filter(Boolean)
    .map((part) => {
      const param = /^[:*](\w+)$/.exec(part);
      return param ? `By-${param[1]}` : part;
    });
  const camel = words.join('-').replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ?? '').toUpperCase());
  return method.toLowerCase() + camel.charAt(0).toUpperCase() + camel.slice(1);
}

/** The properties of an object schema as OpenAPI parameters `in` the path, the query or the headers. */
function parametersOf(schema: z.ZodType, where: 'path' | 'query' | 'header', key: string): Operation[] {
  const json = jsonSchemaOf(schema);
  const properties = json.properties as Record<string, JsonSchema> | undefined;
  if (json.type !== 'object' || !properties) throw new Error(`${key}: the ${where} schema must be an object`);
  const required = new Set((json.required as string[] | undefined) ?? []);
  return Object.entries(properties).map(([name, { description, ...property }]) => ({
    name,
    in: where,
    required: where === 'path' || required.has(name),
    ...(description ? { description } : {}),
    schema: property,
  }));
}

/** The request body of a row: its JSON contract, a raw body's media type, or none. */
function requestBodyOf(row: Row): Operation | undefined {
  if (row.body) {
    // Koa reads a missing body as `{}`; the body is optional when the contract accepts that.
    return {
      required: !row.body.safeParse({}).success,
      content: { 'application/json': { schema: jsonSchemaOf(row.body) } },
    };
  }
  if (row.accepts && row.accepts !== 'none') {
    const schema = row.accepts.schema
      ? jsonSchemaOf(row.accepts.schema)
      : { type: 'string', contentMediaType: row.accepts.contentType };
    return { required: true, description: row.accepts.description, content: { [row.accepts.contentType]: { schema } } };
  }
  return undefined;
}

/** A row's success answers as ReplySpecs (a bare schema is 200 JSON). */
export function repliesOf(reply: Reply): readonly ReplySpec[] {
  if (Array.isArray(reply)) return reply;
  const one = reply as z.ZodType | ReplySpec;
  return '_zod' in one ? [{ status: 200, description: 'OK', schema: one }] : [one];
}

/** The success answers of a row as OpenAPI responses keyed by status. */
function successOf(reply: Reply): Record<string, Operation> {
  const responses: Record<string, Operation> = {};
  for (const spec of repliesOf(reply)) {
    const response: Operation = { description: spec.description };
    if (spec.schema) response.content = { 'application/json': { schema: jsonSchemaOf(spec.schema) } };
    else if (spec.contentType)
      response.content = { [spec.contentType]: { schema: { type: 'string', contentMediaType: spec.contentType } } };
    if (spec.status >= 300 && spec.status < 400)
      response.headers = { Location: { description: 'Where to go next', schema: { type: 'string' } } };
    responses[spec.status] = response;
  }
  return responses;
}

/**
 * The errors a row may answer, by one rule: anything may be malformed (400), missing (404), limited
 * (429) or down (503); a guarded row may refuse (401, 403); a write may clash, be too large, of the
 * wrong type or unacceptable (409, 413, 415, 422). Each refers to the one description in components.
 */
function errorsOf(row: Row): Record<string, Operation> {
  const statuses: ErrorStatus[] = [400, 404, 429, 503];
  if (row.permission !== 'public' || isAdminApiPath(row.path)) statuses.push(401, 403);
  // A cross-site write is refused by the gateway whatever the row's permission.
  else if (row.method !== 'GET' && row.method !== 'HEAD') statuses.push(403);
  if (row.method !== 'GET' && row.method !== 'HEAD') statuses.push(409, 413, 415, 422);
  const errors: Record<string, Operation> = Object.fromEntries(
    statuses.sort().map((status) => [status, { $ref: `#/components/responses/Error${status}` }]),
  );
  // A page answers a link that is not valid with a page; the gateway's own 404 is still JSON.
  if (repliesOf(row.response).some((reply) => reply.contentType?.startsWith('text/html'))) {
    errors[404] = {
      description: ERROR_STATUSES[404],
      content: {
        'application/json': { schema: { $ref: '#/components/schemas/Error' } },
        'text/html': { schema: { type: 'string' } },
      },
    };
  }
  return errors;
}

/** Checks that a row says what it takes and what it answers; throws naming the row otherwise. */
export function checkRowSchemas(row: Row): void {
  const key = `${row.method} ${row.path}`;
  if (!row.response) throw new Error(`${key} has no response schema`);
  if (pathParams(row.path).length > 0 && !row.params)
    throw new Error(`${key} has path parameters but no params schema`);
  const writes = row.method === 'POST' || row.method === 'PUT' || row.method === 'PATCH';
  if (writes && !row.body && !row.accepts)
    throw new Error(`${key} has no body schema (say \`accepts: 'none'\` when it takes no body)`);
}

/** The OpenAPI operation of one row. */
function operationOf(row: Row, service: string): Operation {
  checkRowSchemas(row);
  const key = `${row.method} ${row.path}`;
  const parameters = [
    ...(row.params ? parametersOf(row.params, 'path', key) : []),
    ...wildcardParams(row.path),
    ...(row.query ? parametersOf(row.query, 'query', key) : []),
    ...(row.headers ? parametersOf(row.headers, 'header', key) : []),
  ];
  const missing = pathParams(row.path).filter((name) => !parameters.some((p) => p.in === 'path' && p.name === name));
  if (missing.length > 0) throw new Error(`${key}: the params schema lacks ${missing.join(', ')}`);
  const guarded = row.permission !== 'public';
  const requestBody = requestBodyOf(row);
  return {
    operationId: operationId(row.method, row.path),
    // Method and path: what a reader looks for, and the name tools give the operation's requests.
    summary: `${row.method} ${openApiPath(row.path)}`,
    tags: [service],
    description: `Permission: ${row.permission}.`,
    'x-permission': row.permission,
    ...(guarded ? { security: [{ session: [] }] } : {}),
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(requestBody ? { requestBody } : {}),
    // A row's own answers win over the common errors (email health answers 503 with its own shape).
    responses: {
      ...errorsOf(row),
      ...(row.method === 'GET' ? { 304: { description: 'Not modified: If-None-Match matched the ETag' } } : {}),
      ...successOf(row.response),
    },
  };
}

/** The path items of one service's route table (throws when a row lacks a schema; see checkRowSchemas). */
export function describeRoutes(routes: RouteTable, service: string): PathItems {
  const paths: PathItems = {};
  for (const row of routes) {
    const item = (paths[openApiPath(row.path)] ??= {});
    item[row.method.toLowerCase()] = operationOf(row, service);
  }
  return paths;
}

/** The whole document: the services' path items (in order), the session cookie, and the errors described once. */
export function openApiDocument(
  parts: readonly PathItems[],
  info: { title: string; version: string; description?: string },
): Record<string, unknown> {
  const paths: PathItems = {};
  for (const part of parts) {
    for (const [path, item] of Object.entries(part)) paths[path] = { ...paths[path], ...item };
  }
  const errorResponse = (description: string) => ({
    description,
    content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
  });
  return {
    openapi: '3.1.1',
    info,
    // No `jsonSchemaDialect`: OpenAPI 3.1's default dialect is JSON Schema 2020-12 with OpenAPI's keywords, which
    // the schemas (zod's 2020-12 output) are already written in; Swagger UI warns on any other value.
    paths,
    components: {
      schemas: { Error: jsonSchemaOf(ErrorBody) },
      responses: Object.fromEntries(
        Object.entries(ERROR_STATUSES).map(([status, description]) => [`Error${status}`, errorResponse(description)]),
      ),
      securitySchemes: { session: SESSION_COOKIE_SCHEME },
    },
  };
}
