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
