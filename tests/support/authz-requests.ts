/*
 * Requests for the authorization matrix (tests/authz): the operations of the OpenAPI document, the path parameters
 * every route gets from the fixtures, and a minimal valid JSON body made from the route's OpenAPI request schema (so
 * the request reaches the permission check instead of stopping at validation), with overrides where a generated value
 * cannot pass (patterns).
 */
import type { Db } from '@fanmission/services/db';
import type { RouteKey } from './authz-matrix';

export interface Operation {
  key: RouteKey;
  method: string;
  path: string;
  query: Record<string, unknown>;
  body: 'json' | 'multipart' | 'none';
  jsonBody: unknown;
}

export type OpenApi = {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: { in: string; name: string; required?: boolean; schema?: object }[];
        requestBody?: { content: Record<string, { schema?: object }> };
      }
    >
  >;
  components?: { schemas?: Record<string, object> };
};

/**
 * Every operation of the document, with its required query parameters (`FAN` stands for the fan's id) and a minimal
 * JSON body made from its request schema.
 */
export function operationsOf(document: OpenApi): Operation[] {
  const components = (document.components?.schemas ?? {}) as Record<string, never>;
  const list: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const key = `${method.toUpperCase()} ${path}` as RouteKey;
      const query: Record<string, unknown> = {};
      for (const parameter of operation.parameters ?? []) {
        if (parameter.in !== 'query' || !parameter.required) continue;
        query[parameter.name] = parameter.name === 'userId' ? 'FAN' : exampleOf(parameter.schema as never, components);
      }
      const content = operation.requestBody?.content ?? {};
      const body = 'multipart/form-data' in content ? 'multipart' : 'application/json' in content ? 'json' : 'none';
      const jsonBody =
        body === 'json' ? exampleOf(content['application/json']!.schema as never, components) : undefined;
      list.push({ key, method: method.toUpperCase(), path, query, body, jsonBody });
    }
  }
  return list;
}

/**
 * Waits until no ledger verify run is RUNNING: a run one persona started must end before the next asks (else a 409
 * that depends on how fast the replay was).
 */
export async function ledgerVerifyRunsIdle(db: Db): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const running = await db
      .selectFrom('ledger_verify_runs')
      .select('id')
      .where('status', '=', 'RUNNING')
      .executeTakeFirst();
    if (!running) return;
    if (Date.now() > deadline) throw new Error('a ledger verify run did not end within 30 s');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export interface MatrixFixtures {
  fanId: number;
  creatorUserId: number;
  creatorId: number;
  creatorUrl: string;
  productId: number;
  missionId: number;
  commentId: number;
  fileId: number;
  /** The fan's resumable upload, created and not sent yet. */
  uploadId: string;
}

/** Ids no fixture has: staff routes answer 404 on them after their role check, with no side effect. */
export const MISSING_ID = 999_999;
/** An upload id (32 hex digits) no upload has. */
const MISSING_UPLOAD_ID = '0'.repeat(32);

type Schema = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  format?: string;
  minimum?: number;
  exclusiveMinimum?: number;
  minLength?: number;
  minItems?: number;
  default?: unknown;
};

/** A minimal value the schema accepts (required properties only), as far as a generator can tell. */
export function exampleOf(schema: Schema | undefined, components: Record<string, Schema>, depth = 0): unknown {
  if (!schema || depth > 8) return undefined;
  if (schema.$ref) return exampleOf(components[schema.$ref.split('/').at(-1)!], components, depth + 1);
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) {
    const concrete = alternatives.find((alternative) => alternative.type !== 'null') ?? alternatives[0];
    return exampleOf(concrete, components, depth + 1);
  }
  if (schema.allOf) {
    return Object.assign({}, ...schema.allOf.map((part) => exampleOf(part, components, depth + 1) as object));
  }
  const type = Array.isArray(schema.type) ? schema.type.find((candidate) => candidate !== 'null') : schema.type;
  switch (type) {
    case 'object': {
      const value: Record<string, unknown> = {};
      for (const name of schema.required ?? [])
        value[name] = exampleOf(schema.properties?.[name], components, depth + 1);
      return value;
    }
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, () => exampleOf(schema.items, components, depth + 1));
    case 'integer':
    case 'number':
      return Math.max(1, Math.ceil(schema.minimum ?? (schema.exclusiveMinimum ?? 0) + 1));
    case 'boolean':
      return false;
    case 'string':
      switch (schema.format) {
        case 'email':
          return 'matrix@example.com';
        case 'uri':
          return 'http://localhost:8080/';
        case 'date':
          return '2000-01-01';
        case 'date-time':
          return '2030-01-01T00:00:00.000Z';
        case 'uuid':
          return '00000000-0000-4000-8000-000000000000';
        default:
          return 'x'.repeat(Math.max(1, schema.minLength ?? 1));
      }
    default:
      return undefined;
  }
}

/** The value of a path parameter for a route, from the fixtures: "the fan's", "the creator's", "the mission". */
export function pathValue(route: string, name: string, fixtures: MatrixFixtures): string {
  const path = route.split(' ')[1]!;
  if (path.startsWith('/api/admin/')) {
    if (name === 'uploadId') return MISSING_UPLOAD_ID;
    return name === 'account' ? `wallet:${fixtures.fanId}` : String(MISSING_ID);
  }
  switch (name) {
    case 'userId':
      return String(fixtures.fanId);
    case 'missionId':
      return String(fixtures.missionId);
    case 'productId':
      return String(fixtures.productId);
    case 'commentId':
      return String(fixtures.commentId);
    case 'url':
      return fixtures.creatorUrl;
    case 'provider':
      return 'google';
    case 'kind':
      return 'terms';
    case 'depositId':
    case 'statementId':
    case 'refundId':
      return String(MISSING_ID);
    case 'paymentId':
      return 'no-such-payment';
    case 'uploadId':
      return fixtures.uploadId;
    case 'identityVerificationId':
      return 'no-such-identity-verification';
    case 'id':
      if (path.startsWith('/api/v1/users/')) return String(fixtures.fanId);
      if (path.startsWith('/api/v1/creators/')) return String(fixtures.creatorId);
      if (path.startsWith('/api/v1/missions/')) return String(fixtures.missionId);
      if (path.startsWith('/api/v1/mission-products/')) return String(fixtures.productId);
      if (path.startsWith('/api/v1/mission-comments/')) return String(fixtures.commentId);
      if (path.startsWith('/api/v1/files/')) return String(fixtures.fileId);
      return String(MISSING_ID);
    default:
      throw new Error(`authz matrix: no value for path parameter {${name}} of ${route}`);
  }
}
