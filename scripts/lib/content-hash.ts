import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** A hash of the files under the given paths (names and contents), skipping build output and dependencies. */
export function hashPaths(paths: string[]): string {
  const hash = createHash('sha256');
  const visit = (entry: string) => {
    if (!fs.existsSync(entry)) return;
    const stat = fs.statSync(entry);
    if (stat.isDirectory()) {
      for (const child of fs.readdirSync(entry).sort()) {
        if (child === 'node_modules' || child === 'dist' || child.startsWith('.')) continue;
        visit(path.join(entry, child));
      }
      return;
    }
    hash.update(entry);
    hash.update(fs.readFileSync(entry));
  };
  for (const entry of paths) visit(entry);
  return hash.digest('hex');
}
