export const PROCESS_ROLES = ['all', 'api', 'worker', 'relay'] as const;
export type ProcessRole = (typeof PROCESS_ROLES)[number];

/** `--role api|worker|relay|all` (default all: everything in one process, as `npm start` runs it). */
export function parseRole(argv: readonly string[]): ProcessRole {
  const index = argv.indexOf('--role');
  const value = index >= 0 ? argv[index + 1] : argv.find((arg) => arg.startsWith('--role='))?.slice('--role='.length);
  if (value === undefined) return 'all';
  if ((PROCESS_ROLES as readonly string[]).includes(value)) return value as ProcessRole;
  throw new Error(`Unknown --role "${value}": expected one of ${PROCESS_ROLES.join(', ')}`);
}

export const runsApi = (role: ProcessRole) => role === 'all' || role === 'api';
export const runsWorker = (role: ProcessRole) => role === 'all' || role === 'worker';
export const runsRelay = (role: ProcessRole) => role === 'all' || role === 'relay';
