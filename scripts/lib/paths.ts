import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** Git-ignored cache of everything the scripts download or build (override with FANMISSION_CACHE_DIR). */
export const CACHE_DIR = process.env.FANMISSION_CACHE_DIR ?? path.join(REPO_ROOT, '.cache');
