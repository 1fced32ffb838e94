import { collectDefaultMetrics, Counter, Registry } from 'prom-client';

let processRegistry: Registry | undefined;

/**
 * The process's own metrics: prom-client's defaults (CPU, memory, event loop lag, GC, handles) and the counters of
 * what this process did (counters.ts). They describe the process, not an app, and collecting the defaults starts
 * observers that are never stopped: one registry per process, shared by every app instance in it (tests build many),
 * served by the API's `/metrics` and by the worker's and relay's metrics listener.
 */
export function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/** A counter of the process registry, registered once however often the module defining it is evaluated. */
export function processCounter<Label extends string>(
  name: string,
  help: string,
  labelNames: readonly Label[],
): Counter<Label> {
  const registry = processMetrics();
  const existing = registry.getSingleMetric(name);
  if (existing) return existing as Counter<Label>;
  return new Counter({ name, help, labelNames, registers: [registry] });
}
