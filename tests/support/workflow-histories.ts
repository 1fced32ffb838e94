// Test support (not workflow code): recorded workflow histories kept as binary protobuf fixtures (`.binpb`) for
// replay tests, one folder per workflow (missions, lottery events).
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { temporal } from '@temporalio/proto';

const { History } = temporal.api.history.v1;

/** The fixture folders: `workflows/src/<workflow>/histories`. */
export const HISTORY_FIXTURES_DIRS = {
  missions: fileURLToPath(new URL('../../workflows/src/missions/histories', import.meta.url)),
  events: fileURLToPath(new URL('../../workflows/src/events/histories', import.meta.url)),
} as const;
export type HistoryFixtures = keyof typeof HISTORY_FIXTURES_DIRS;

const fileNameOf = (index: number, scenario: string) =>
  `${String(index + 1).padStart(2, '0')}-${scenario
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 80)}.binpb`;

/** Replaces the fixtures with these histories, one protobuf-encoded file per finished workflow, named after its test. */
export async function recordHistoryFixtures(
  workflow: HistoryFixtures,
  histories: ReadonlyArray<{ scenario: string; history: unknown }>,
): Promise<void> {
  const folder = HISTORY_FIXTURES_DIRS[workflow];
  await rm(folder, { recursive: true, force: true });
  await mkdir(folder, { recursive: true });
  for (const [index, { scenario, history }] of histories.entries()) {
    const bytes = History.encode(history as temporal.api.history.v1.IHistory).finish();
    await writeFile(path.join(folder, fileNameOf(index, scenario)), bytes);
  }
}

/** The committed fixtures, ready for `Worker.runReplayHistories`. */
export async function loadHistoryFixtures(
  workflow: HistoryFixtures,
): Promise<Array<{ workflowId: string; history: unknown }>> {
  const folder = HISTORY_FIXTURES_DIRS[workflow];
  const files = (await readdir(folder)).filter((file) => file.endsWith('.binpb')).sort();
  return Promise.all(
    files.map(async (file) => ({
      workflowId: file.replace(/\.binpb$/, ''),
      history: History.decode(await readFile(path.join(folder, file))),
    })),
  );
}
