/*
 * The OpenAPI fuzzing suite's settings (tests/fuzz): who is fuzzed, and the few operations left out, each with why.
 */

/**
 * The personas whose token goes with every request, in the order they run: the operator last, since his writes
 * (blocking users, changing staff roles) may change what the accounts of the other personas can do.
 */
export const FUZZ_PERSONAS = ['visitor', 'fan', 'creator', 'finance', 'operator'] as const;
export type FuzzPersona = (typeof FUZZ_PERSONAS)[number];

/** Paths schemathesis is not run on (every method of them). Everything else in the OpenAPI document is fuzzed. */
export const FUZZ_EXCLUDED_PATHS: readonly { path: string; why: string }[] = [
  {
    path: '/api/logout',
    why: 'revokes every session of the caller: the rest of the run would be anonymous (tested in the auth suites)',
  },
  {
    path: '/api/admin/session',
    why: "the console's session: its DELETE revokes every session of the caller, like /api/logout (tested in the auth suites)",
  },
];

interface OpenApiParameter {
  name: string;
  in: string;
}
interface OpenApiOperation {
  parameters?: OpenApiParameter[];
  requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, { type?: unknown }> } }> };
}
export type OpenApiPaths = Record<string, Record<string, OpenApiOperation>>;

/** One request that carries a NUL character (U+0000) in a query parameter, a path parameter or a JSON string. */
export interface NulRequest {
  method: string;
  url: string;
  body?: Record<string, string>;
  /** Where the NUL is: `query name`, `path id`, `body content`. */
  carrier: string;
}

/**
 * For every operation of the document outside FUZZ_EXCLUDED_PATHS: one request per query parameter and per path
 * parameter with a NUL character as its value (the other path parameters `1`), and one with every string property of
 * its JSON body holding one. PostgreSQL refuses the character, so a route that lets it through answers 500.
 */
export function nulRequests(paths: OpenApiPaths): NulRequest[] {
  const requests: NulRequest[] = [];
  const excluded = new Set(FUZZ_EXCLUDED_PATHS.map(({ path }) => path));
  for (const [template, operations] of Object.entries(paths)) {
    if (excluded.has(template)) continue;
    const pathWith = (nulIn?: string) =>
      template.replace(/\{([^}]+)\}/g, (_, name: string) => (name === nulIn ? 'a%00b' : '1'));
    for (const [method, operation] of Object.entries(operations)) {
      const verb = method.toUpperCase();
      for (const parameter of operation.parameters ?? []) {
        if (parameter.in === 'query') {
          requests.push({
            method: verb,
            url: `${pathWith()}?${parameter.name}=a%00b`,
            carrier: `query ${parameter.name}`,
          });
        } else if (parameter.in === 'path') {
          requests.push({ method: verb, url: pathWith(parameter.name), carrier: `path ${parameter.name}` });
        }
      }
      const properties = operation.requestBody?.content?.['application/json']?.schema?.properties ?? {};
      const strings = Object.entries(properties).filter(([, property]) => property.type === 'string');
      if (strings.length > 0) {
        const body = Object.fromEntries(strings.map(([name]) => [name, 'a\u0000b']));
        requests.push({ method: verb, url: pathWith(), body, carrier: `body ${Object.keys(body).join(',')}` });
      }
    }
  }
  return requests;
}
