// The soak: the scale-out cluster under a marketplace's mix for half an hour, a fault every minute or so, then the
// invariants that say nothing was lost or doubled:
//   node --import tsx tests/bench/soak.ts
// The cluster is tests/support/scale-out.ts's (two API processes, two workers, the outbox relay on Kafka, the S3 store,
// SMTP, one PostgreSQL of its own, one Temporal dev server); the run is tests/support/soak/run.ts, which the
// scale-out lane's short variant (tests/scale-out/soak.test.ts) runs too. One action is a fan's or a creator's or
// finance's step of the mix (tests/support/soak/workload.ts): browsing, a coin purchase through the local PortOne
// (the order, the provider takes the money, its signed webhook), a bank deposit asked for and confirmed by finance
// (approved by a second finance member when the four-eyes rule asks), BASIC and CUSTOM requests, lucky rolls, creators
// accepting, refusing and performing with an upload, comments, likes, follows, a charge withdrawn; once the lottery
// event drawn, once a settlement month run. Faults (tests/support/soak/faults.ts), each kind once a round in a seeded
// order: SIGKILL of an API, a worker or the relay (restarted at once, as a supervisor would), the Temporal server
// restarted, PostgreSQL restarted in fast and in immediate mode, the Kafka broker stopped for 30 s, a process
// SIGSTOPped for 20 s. Knobs: SOAK_MINUTES (30), SOAK_FAULT_EVERY (60-90 seconds, or one number), SOAK_SEED (1),
// SOAK_MEMBERS (2000), SOAK_RATE (40 actions a second: about half of what the benchmarks measured the two cores
// carry beside other work), SOAK_DRAIN_SECONDS (180).
// Exits non-zero when an invariant fails. The last line:
// `soak: 30.0 min, 24 faults (api-kill 3, …), 9/9 invariants hold, recovery p99 4.2 s, 123456 requests`.
import os from 'node:os';
import { runSoak } from '../support/soak/run';

const [minEvery, maxEvery] = (process.env.SOAK_FAULT_EVERY ?? '60-90').split('-').map(Number) as [number, number?];
const options = {
  minutes: Number(process.env.SOAK_MINUTES ?? 30),
  faultEvery: { min: minEvery, max: maxEvery ?? minEvery },
  seed: Number(process.env.SOAK_SEED ?? 1),
  members: Number(process.env.SOAK_MEMBERS ?? 2000),
  rate: Number(process.env.SOAK_RATE ?? 40),
  drainSeconds: Number(process.env.SOAK_DRAIN_SECONDS ?? 180),
  log: (line: string) => console.log(line),
};
const load = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(' ');
console.log(`[soak] ${JSON.stringify({ ...options, log: undefined })}, ${os.cpus().length} CPUs, load ${load()}`);
const result = await runSoak(options);
console.log(`[soak] load at the end ${load()}, ${new Date().toISOString()}`);
console.log(result.summary);
process.exit(result.holds ? 0 : 1);
