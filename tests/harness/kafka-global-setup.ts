// vitest globalSetup for the `kafka` project: one real broker per run, handed to test files as
// `inject('kafkaBrokers')`. Each file should use its own topic and group names.
import type { TestProject } from 'vitest/node';
import { startKafka } from './kafka';

declare module 'vitest' {
  export interface ProvidedContext {
    kafkaBrokers: string[];
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const started = Date.now();
  const kafka = await startKafka();
  console.log(`[kafka] broker ${kafka.brokers.join(',')} ready in ${Date.now() - started} ms (pid ${kafka.pid})`);
  project.provide('kafkaBrokers', kafka.brokers);
  return async () => {
    await kafka.stop();
  };
}
