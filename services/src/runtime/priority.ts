import { readdirSync } from 'node:fs';
import os from 'node:os';

/**
 * Lowers the CPU priority of process `pid` to the scheduler's `nice` value (0 to 19; higher yields more), so that on
 * a machine it shares, the API's requests get the CPU before deferrable work. On Linux a nice value belongs to each
 * thread and a new thread takes its creator's, so every thread the process has now is lowered and the ones it starts
 * later follow. A thread that is already nicer keeps its value: this never raises a priority. Threads that end while
 * this runs are skipped. Returns the number of threads lowered.
 */
export function lowerCpuPriority(pid: number, nice: number): number {
  let lowered = 0;
  for (const thread of threadsOf(pid)) {
    try {
      if (os.getPriority(thread) >= nice) continue;
      os.setPriority(thread, nice);
      lowered += 1;
    } catch (error) {
      // The thread (or the process) has ended since it was listed.
      if ((error as { info?: { code?: string } }).info?.code !== 'ESRCH') throw error;
    }
  }
  return lowered;
}

/** The ids of the threads of `pid` (Linux), or the process alone where threads are not listed. */
function threadsOf(pid: number): number[] {
  try {
    return readdirSync(`/proc/${pid}/task`).map(Number);
  } catch {
    return [pid];
  }
}
