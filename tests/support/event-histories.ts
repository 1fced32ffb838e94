// Test support (not workflow code): recorded lottery event workflow histories kept as binary protobuf fixtures
// (`.binpb`) for replay tests, as for missions.
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { temporal } from '@temporalio/proto';

const { History } = temporal.api.history.v1;

export const EVENT_HISTORY_FIXTURES_DIR = fileURLToPath(
  new URL('../../workflows/src/events/histories', import.meta.url),
);

const fileNameOf = (index: number, scenario: string) =>
  `${String(index + 1).padStart(2, '0')}-${scenario
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 80)}.binpb`;

/** Replaces the fixtures with these histories, one protobuf-encoded file per finished workflow, named after its test. */
export async function recordEventHistoryFixtures(
  histories: ReadonlyArray<{ scenario: string; history: unknown }>,
): Promise<void> {
  await rm(EVENT_HISTORY_FIXTURES_DIR, { recursive: true, force: true });
  await mkdir(EVENT_HISTORY_FIXTURES_DIR, { recursive: true });
  for (const [index, { scenario, history }] of histories.entries()) {
    const bytes = History.encode(history as temporal.api.history.v1.IHistory).finish();
    await writeFile(path.join(EVENT_HISTORY_FIXTURES_DIR, fileNameOf(index, scenario)), bytes);
  }
}

/** The committed fixtures, ready for `Worker.runReplayHistories`. */
export async function loadEventHistoryFixtures(): Promise<Array<{ workflowId: string; history: unknown }>> {
  const files = (await readdir(EVENT_HISTORY_FIXTURES_DIR)).filter((file) => file.endsWith('.binpb')).sort();
  return Promise.all(
    files.map(async (file) => ({
      workflowId: file.replace(/\.binpb$/, ''),
      history: History.decode(await readFile(path.join(EVENT_HISTORY_FIXTURES_DIR, file))),
    })),
  );
}
