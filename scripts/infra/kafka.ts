// Apache Kafka's jars, from Maven Central through tools/kafka/pom.xml, cached in a git-ignored folder.
//
//   tsx scripts/infra/kafka.ts      prints the lib directory (downloading the jars on the first run)
//
// The cache is <repo>/.cache/kafka/lib (FANMISSION_CACHE_DIR replaces <repo>/.cache). A stamp file holds the
// pom's hash, so a second call costs one file read; editing the pom refreshes the jars.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { REPO_ROOT } from '../lib/paths';

export const kafkaPom = join(REPO_ROOT, 'tools', 'kafka', 'pom.xml');

/** Read on every call (not at import), so a test or script may set FANMISSION_CACHE_DIR late. */
function cacheRoot(): string {
  const fromEnv = process.env.FANMISSION_CACHE_DIR;
  return fromEnv ? resolve(fromEnv) : join(REPO_ROOT, '.cache');
}

/** The java executable: $JAVA_HOME/bin/java when JAVA_HOME is set, else `java` from PATH. */
export function javaExecutable(): string {
  const home = process.env.JAVA_HOME;
  return home ? join(home, 'bin', 'java') : 'java';
}

let pending: Promise<string> | undefined;

/** Returns the directory holding the Kafka broker's runtime classpath (use it as `-cp '<dir>/*'`). */
export function ensureKafkaJars(): Promise<string> {
  pending ??= ensure().finally(() => {
    pending = undefined;
  });
  return pending;
}

async function ensure(): Promise<string> {
  const base = join(cacheRoot(), 'kafka');
  const libDir = join(base, 'lib');
  const stampFile = join(base, 'lib.stamp');
  const pom = await readFile(kafkaPom);
  const stamp = createHash('sha256').update(pom).digest('hex');

  if ((await readStamp(stampFile)) === stamp && existsSync(libDir)) return libDir;

  await mkdir(base, { recursive: true });
  // Copy into a private folder first and swap it in, so an interrupted download never looks complete.
  const staging = join(base, `lib.tmp-${process.pid}-${Date.now()}`);
  try {
    await runMaven([
      '-q',
      '-B',
      '-f',
      kafkaPom,
      'dependency:copy-dependencies',
      '-DincludeScope=runtime',
      `-DoutputDirectory=${staging}`,
    ]);
    const jars = await readdir(staging);
    for (const needed of [/^kafka_2\.13-.*\.jar$/, /^kafka-clients-.*\.jar$/, /^slf4j-reload4j-.*\.jar$/]) {
      if (!jars.some((jar) => needed.test(jar))) {
        throw new Error(`Kafka classpath from ${kafkaPom} lacks a jar matching ${needed} (got: ${jars.join(', ')})`);
      }
    }
    // Another process may have finished the same work meanwhile: then keep its copy.
    if ((await readStamp(stampFile)) === stamp && existsSync(libDir)) return libDir;
    await rm(libDir, { recursive: true, force: true });
    await rename(staging, libDir);
    await writeFile(stampFile, `${stamp}\n`);
    return libDir;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

async function readStamp(file: string): Promise<string | undefined> {
  try {
    return (await readFile(file, 'utf8')).trim();
  } catch {
    return undefined;
  }
}

function runMaven(args: string[]): Promise<void> {
  const mvn = process.env.MVN ?? 'mvn';
  return new Promise((resolvePromise, reject) => {
    const child = spawn(mvn, args, { cwd: dirname(kafkaPom), stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const collect = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-20_000);
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.on('error', (error) => {
      reject(
        new Error(`Cannot run Maven (${mvn}) to fetch Kafka's jars: ${error.message}. Install Maven 3 and Java 17+.`),
      );
    });
    child.on('close', (code) => {
      if (code === 0) resolvePromise();
      else reject(new Error(`${mvn} ${args.join(' ')} exited with ${code}:\n${output}`));
    });
  });
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = Date.now();
  ensureKafkaJars().then(
    (dir) => console.log(`${dir} (${Date.now() - started} ms)`),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exitCode = 1;
    },
  );
}
