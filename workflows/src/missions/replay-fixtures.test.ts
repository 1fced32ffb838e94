import { Worker } from '@temporalio/worker';
import { describe, expect, inject, it } from 'vitest';
import { loadHistoryFixtures } from '@fanmission/tests/support/workflow-histories';

// Histories recorded from the mission workflow suite (RECORD_MISSION_HISTORIES=1 refreshes them) replayed against the
// current workflow code: a change that would make missions already running take a different path fails here.
describe('mission workflow histories recorded by earlier code', () => {
  it('replay deterministically against the current workflow code', async () => {
    const histories = await loadHistoryFixtures('missions');
    expect(histories.length).toBeGreaterThan(5);
    const replays = Worker.runReplayHistories({ workflowBundle: inject('temporalWorkflowBundle') }, histories);
    const failures: string[] = [];
    for await (const replay of replays) {
      if (replay.error) failures.push(`${replay.workflowId}: ${String(replay.error)}`);
    }
    expect(failures).toEqual([]);
  });
});
