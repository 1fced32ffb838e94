// Types of server-bundle.mjs (plain JavaScript: the bootstrap runs it before any TypeScript can be loaded).

/** Where the bundle of `entry` (a path relative to the repository root) is kept. */
export function serverBundleDir(root: string, entry: string): string;

/**
 * The JavaScript entry file of the bundled `entry`, built now when there is none for the current sources; `null`
 * when the bundle cannot be used (the caller then runs the TypeScript through tsx).
 */
export function ensureServerBundle(options: {
  root: string;
  entry: string;
  log?: (line: string) => void;
}): Promise<string | null>;
