// The distributed mode of docker-compose.yml on this machine, without Docker (scale-out):
//
//   node --import tsx scripts/scale-out.ts [--apis 2] [--workers 2] [--relays 1]
//
// starts one embedded PostgreSQL, one Temporal dev server, one Kafka broker, an SMTP sink and a local S3-compatible
// store, then the application roles as compose runs them (`services/src/main.ts --role api|worker|relay`,
// NODE_ENV=production, compose's environment variables). It prints the API URLs and runs until Ctrl-C, which stops
// everything. The work is done by tests/support/scale-out.ts.
import { startScaleOut } from '../tests/support/scale-out';

function count(flag: string, fallback: number): number {
  const index = process.argv.indexOf(flag);
  if (index < 0) return fallback;
  const value = Number(process.argv[index + 1]);
  if (!Number.isInteger(value) || value < 0) {
    console.error(`${flag} takes a whole number, not "${process.argv[index + 1]}"`);
    process.exit(2);
  }
  return value;
}

const verbose = process.argv.includes('--verbose');
const started = performance.now();
console.log('[scale-out] starting PostgreSQL, Temporal, Kafka, SMTP, S3, then the application processes…');
const cluster = await startScaleOut({
  apis: count('--apis', 2),
  workers: count('--workers', 2),
  relays: count('--relays', 1),
  log: (line) => {
    if (verbose || line.startsWith('[scale-out]') || /ALERT|error|failed/i.test(line)) console.log(line);
  },
});
console.log(`[scale-out] ready in ${Math.round(performance.now() - started)} ms`);
for (const api of cluster.apis) console.log(`  ${api.name.padEnd(9)} ${api.url}  (pid ${api.pid})`);
for (const other of [...cluster.workers, ...cluster.relays]) console.log(`  ${other.name.padEnd(9)} pid ${other.pid}`);
console.log(`  database  ${cluster.databaseUrl}`);
console.log(`  temporal  ${cluster.temporalAddress}`);
console.log(`  kafka     ${cluster.kafkaBrokers.join(',')}`);
console.log(`  s3        ${cluster.s3.endpoint()}/${cluster.s3Bucket}`);
console.log(`  smtp      ${cluster.smtp.url}`);
console.log(`  operator  ${cluster.environment.ADMIN_EMAIL} / ${cluster.environment.ADMIN_PASSWORD}`);
console.log('Ctrl-C stops everything.');

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    console.log('[scale-out] stopping…');
    cluster.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  });
}
// An application process that dies by itself is reported (a test may kill one on purpose).
for (const child of [...cluster.apis, ...cluster.workers, ...cluster.relays]) {
  void child.exited.then(({ code, signal }) => {
    if (!stopping) console.log(`[scale-out] ${child.name} exited (${signal ?? `code ${code}`})`);
  });
}
