// One time-skipping Temporal test server per test run, shared by every workflow test file (they attach to it with
// `useTemporalTestEnvironment()` from ./temporal). Starting a JVM per file would cost seconds each and, since time
// skipping is global to a server, would not make parallel files safe anyway: the workflows project runs files
// serially. The workflow bundle is built here once too, and rebuilt when watch mode re-runs tests.
import type { TestProject } from 'vitest/node';
import { TestWorkflowEnvironment } from '@temporalio/testing';
import { bundleWorkflowCode, DefaultLogger } from '@temporalio/worker';
import { ensureTemporalTestServer } from '../../scripts/infra/temporal-test-server';
import { defaultWorkflowsPath } from '../../workflows/src/worker';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The shared time-skipping test server. */
    temporalTestServer: { address: string; namespace: string };
    /** `workflows/src/workflows.ts` bundled for `Worker.create({ workflowBundle })`. */
    temporalWorkflowBundle: { code: string };
  }
}

/**
 * Starts a time-skipping test server from the cached Maven jar (installed on first use) and connects to it; the
 * caller tears it down with `env.teardown()`. Also used outside Vitest (tests/bench/missions.ts).
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

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const startedAt = performance.now();
  const [environment, bundle] = await Promise.allSettled([startTemporalTestServer(), bundleAllWorkflows()]);
  if (environment.status === 'rejected' || bundle.status === 'rejected') {
    if (environment.status === 'fulfilled') await environment.value.teardown();
    throw environment.status === 'rejected' ? environment.reason : (bundle as PromiseRejectedResult).reason;
  }
  const env = environment.value;
  console.log(
    `[temporal] time-skipping test server at ${env.address}, ready in ${Math.round(performance.now() - startedAt)} ms`,
  );

  project.provide('temporalTestServer', { address: env.address, namespace: env.namespace ?? 'default' });
  project.provide('temporalWorkflowBundle', bundle.value);
  project.onTestsRerun(async () => {
    project.provide('temporalWorkflowBundle', await bundleAllWorkflows());
  });

  // Vitest calls this after the run, also when tests failed or the run was interrupted (Ctrl+C). The SDK kills
  // the server with SIGKILL; if the runner itself is killed, the wrapper's watchdog stops the JVM.
  return async () => {
    await env.teardown();
  };
}

async function bundleAllWorkflows(): Promise<{ code: string }> {
  const { code } = await bundleWorkflowCode({
    workflowsPath: defaultWorkflowsPath(),
    logger: new DefaultLogger('WARN'),
  });
  return { code };
}
