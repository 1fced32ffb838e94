// The workflow bundle for every workflow test file, built once per run (and again when watch mode re-runs tests);
// each file starts its own time-skipping test server with `useTemporalTestEnvironment()` from ./temporal.
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { TestWorkflowEnvironment } from '@temporalio/testing';
import { bundleWorkflowCode, DefaultLogger } from '@temporalio/worker';
import { CACHE_DIR } from '../../scripts/lib/paths';
import { ensureTemporalTestServer } from '../../scripts/infra/temporal-test-server';
import { defaultWorkflowsPath } from '../../workflows/src/worker';

declare module 'vitest' {
  export interface ProvidedContext {
    /** `workflows/src/workflows.ts` bundled for `Worker.create({ workflowBundle })`. */
    temporalWorkflowBundle: { code: string };
  }
}

/**
 * Where the production workflow bundle (with its interceptor modules) is kept for the tests that run the production
 * worker, keyed by its sources (`createFanmissionWorker({ bundleCacheDir })`): built once, not by every such test.
 */
export const WORKFLOW_BUNDLE_CACHE = path.join(CACHE_DIR, 'workflow-bundles');

/**
 * Starts a time-skipping test server from the cached Maven jar (installed on first use) and connects to it; the
 * caller tears it down with `env.teardown()`. Used by each workflow test file, the served app and the missions bench.
 */
export async function startTemporalTestServer(): Promise<TestWorkflowEnvironment> {
  const executable = await ensureTemporalTestServer();
  // The SDK gives the server 5 seconds to accept connections, a bound a JVM can miss on a loaded 2-core machine:
  // a start that timed out is retried (the SDK has already killed that JVM), any other failure is not.
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await TestWorkflowEnvironment.createTimeSkipping({
        server: { executable: { type: 'existing-path', path: executable } },
      });
    } catch (error) {
      if (attempt >= 4 || !/did not start within/.test(String(error))) throw error;
      console.warn(`[temporal] the test server missed the SDK's 5 s start window (attempt ${attempt}); retrying`);
    }
  }
}

export default async function setup(project: TestProject): Promise<void> {
  const startedAt = performance.now();
  // The jar is installed here, once, so that files starting their servers side by side never race to install it.
  const [bundle] = await Promise.all([bundleAllWorkflows(), ensureTemporalTestServer()]);
  console.log(
    `[temporal] workflow bundle and test server jar ready in ${Math.round(performance.now() - startedAt)} ms`,
  );
  project.provide('temporalWorkflowBundle', bundle);
  project.onTestsRerun(async () => {
    project.provide('temporalWorkflowBundle', await bundleAllWorkflows());
  });
}

async function bundleAllWorkflows(): Promise<{ code: string }> {
  const { code } = await bundleWorkflowCode({
    workflowsPath: defaultWorkflowsPath(),
    logger: new DefaultLogger('WARN'),
  });
  return { code };
}
