import { parseArgs } from 'node:util';
import { loadConfig } from '@fanmission/services/config';
import { buildWorld } from '@fanmission/services/runtime';
import { WORLD_SIZES, type WorldSize } from '@fanmission/services/world';
import { ensureArchivingTools } from './infra/barman';

// `npm run world -- --size S|M|L|XS|DEMO [--seed 39] [--now 2026-11-25T09:30:00Z]`: a generated marketplace
// (services/src/world) in DATABASE_URL (the embedded database under DATA_DIR when unset), which must hold no users yet.
// Prints the rows written per table and their rows/s.
const log = (line: string) => console.log(`[world] ${line}`);
try {
  const { values } = parseArgs({
    options: {
      size: { type: 'string', default: 'S' },
      seed: { type: 'string', default: '39' },
      now: { type: 'string' },
    },
  });
  if (!(values.size! in WORLD_SIZES)) throw new Error(`--size is one of ${Object.keys(WORLD_SIZES).join(', ')}`);
  // The world's present is now (to the minute): started right after, its open missions' deadlines lie ahead as they
  // would in a live marketplace (a present at midnight had the product expire the morning's deadlines at once).
  const now = values.now ? new Date(values.now) : new Date(Math.floor(Date.now() / 60_000) * 60_000);
  const config = loadConfig();
  await ensureArchivingTools(config, log);
  const report = await buildWorld(config, { size: values.size as WorldSize, seed: Number(values.seed), now }, log);
  log(
    `world ${report.size} written in ${report.seconds.toFixed(1)} s, peak RSS ${(report.peakRssBytes / 2 ** 30).toFixed(2)} GB`,
  );
  for (const { table, rows, seconds } of report.tables) {
    log(
      `${table.padEnd(24)} ${String(rows).padStart(10)} rows ${String(Math.round(rows / Math.max(seconds, 0.001))).padStart(9)} rows/s`,
    );
  }
  process.exit(0);
} catch (error) {
  console.error(`[world] ${error instanceof Error ? error.stack : String(error)}`);
  process.exit(1);
}
