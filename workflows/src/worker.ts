import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Sinks } from '@temporalio/workflow';
import type { InjectedSinks, NativeConnection, WorkerInterceptors, WorkerOptions } from '@temporalio/worker';
import { bundleWorkflowCode, Worker } from '@temporalio/worker';
import {
  workflowOutcomeInterceptorModule,
  workflowOutcomeSinks,
  type WorkflowOutcomeListener,
} from './observability/outcome-sinks';
import { FANMISSION_TASK_QUEUE } from './task-queue';

export interface FanmissionWorkerOptions {
  connection: NativeConnection;
  namespace?: string;
  /** The activity implementations, built from the services' domain functions by the caller. */
  activities?: object;
  /** Defaults to the index of all workflows (`workflows.ts`), bundled by the SDK when the worker is created. */
  workflowsPath?: string;
  /**
   * A folder to keep the production workflow bundle in, keyed by a hash of its sources and the SDK version: a later
   * start with the same sources loads it instead of bundling again (seconds of webpack on every `npm start`).
   */
  bundleCacheDir?: string;
  /** More workflow interceptor modules (file paths), bundled after the product's own (e.g. tracing's). */
  workflowInterceptorModules?: readonly string[];
  /** Client and activity interceptors of the worker (workflow ones go in `workflowInterceptorModules`). */
  interceptors?: Omit<WorkerInterceptors, 'workflowModules'>;
  /** More functions the workflows call out of their sandbox (e.g. to export their spans). */
  sinks?: InjectedSinks<Sinks>;
  /** Told of each workflow execution this worker ends (completed, failed, cancelled, continued as new). */
  onWorkflowOutcome?: WorkflowOutcomeListener;
  /** How many workflows the worker keeps in memory between tasks (the SDK's default: from the heap's size). */
  maxCachedWorkflows?: number;
}

/**
 * The workflow interceptor modules bundled with the workflows, in order. A bundle's cache key covers this list (and
 * the modules' sources, which live under workflows/src).
 */
export const workflowInterceptorModules = (): string[] => [workflowOutcomeInterceptorModule()];

/** The sinks the interceptor modules report through, run in the worker's Node context. */
export function workflowSinks(
  options: Pick<FanmissionWorkerOptions, 'onWorkflowOutcome'>,
): NonNullable<WorkerOptions['sinks']> {
  return { ...workflowOutcomeSinks(options.onWorkflowOutcome ?? (() => undefined)) };
}

/** The production workflow index, as a file path for the bundler (computed on use: under a browser-like test
 * environment this module is loaded, through the app's imports, with a non-file `import.meta.url`). */
export const defaultWorkflowsPath = (): string => fileURLToPath(new URL('./workflows.ts', import.meta.url));

/** The production worker: polls the `fanmission` task queue. Run it with `worker.run()`, stop it with `shutdown()`. */
export async function createFanmissionWorker(options: FanmissionWorkerOptions): Promise<Worker> {
  const workflowsPath = options.workflowsPath ?? defaultWorkflowsPath();
  const extraModules = [...(options.workflowInterceptorModules ?? [])];
  // A prebuilt bundle has the workflow interceptor modules inside; without one the SDK bundles them itself.
  const code = options.bundleCacheDir
    ? {
        workflowBundle: {
          codePath: await cachedWorkflowBundle(workflowsPath, options.bundleCacheDir, extraModules),
        },
        interceptors: options.interceptors ?? {},
      }
    : {
        workflowsPath,
        interceptors: { ...options.interceptors, workflowModules: [...workflowInterceptorModules(), ...extraModules] },
      };
  return await Worker.create({
    connection: options.connection,
    namespace: options.namespace ?? 'default',
    taskQueue: FANMISSION_TASK_QUEUE,
    ...code,
    sinks: { ...workflowSinks(options), ...options.sinks },
    activities: options.activities ?? {},
    ...(options.maxCachedWorkflows !== undefined && { maxCachedWorkflows: options.maxCachedWorkflows }),
  });
}

/**
 * The path of the bundle of `workflowsPath`, built when the cache has none for the current sources. The key covers
 * every source the bundle can reach (this package's and the contracts' sources), the workflow interceptor modules and
 * the SDK's version.
 */
export async function cachedWorkflowBundle(
  workflowsPath: string,
  cacheDir: string,
  extraModules: readonly string[] = [],
): Promise<string> {
  // This package and the contracts it imports sit side by side in the repository.
  const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
  const sdk = createRequire(import.meta.url)('@temporalio/worker/package.json') as { version: string };
  const interceptorModules = [...workflowInterceptorModules(), ...extraModules];
  const hash = createHash('sha256').update(`sdk ${sdk.version}\nentry ${workflowsPath}\n`);
  for (const module of interceptorModules) hash.update(`interceptor ${module}\n`);
  for (const root of ['workflows/src', 'contracts/src']) await hashTree(hash, path.join(repoRoot, root));
  const codePath = path.join(cacheDir, `workflows-${hash.digest('hex').slice(0, 24)}.js`);
  if (
    await fs.stat(codePath).then(
      () => true,
      () => false,
    )
  )
    return codePath;
  const { code } = await bundleWorkflowCode({ workflowsPath, workflowInterceptorModules: interceptorModules });
  await fs.mkdir(cacheDir, { recursive: true });
  const partial = `${codePath}.${process.pid}.partial`;
  await fs.writeFile(partial, code);
  await fs.rename(partial, codePath);
  return codePath;
}

async function hashTree(hash: ReturnType<typeof createHash>, directory: string): Promise<void> {
  const entries = await fs.readdir(directory, { withFileTypes: true }).catch(() => []);
  for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) await hashTree(hash, full);
    else if (entry.isFile()) hash.update(`${full}\n`).update(await fs.readFile(full));
  }
}
