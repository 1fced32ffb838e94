import { readdirSync, readFileSync } from 'node:fs';

/** The nice value (CPU priority) of each thread of process `pid`, from Linux /proc: field 19 of a thread's stat. */
export function threadNiceValues(pid: number): number[] {
  return readdirSync(`/proc/${pid}/task`).map((thread) => {
    const stat = readFileSync(`/proc/${pid}/task/${thread}/stat`, 'utf8');
    // The command name, in parentheses, may hold spaces: fields are counted after its closing parenthesis.
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
  });
}
