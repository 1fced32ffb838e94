import { ensureBarman, ensureRsync } from './barman';
import { ensureChromium } from './chromium';
import { ensureEspeakNg } from './espeak-ng';
import { ensureFfmpeg, ensureHeifEncoder } from './ffmpeg';
import { ensureKafkaJars } from './kafka';
import { ensureSchemathesis } from './schemathesis';
import { ensureStatementPdfTools } from './statement-pdf';
import { ensureTemporalCli } from './temporal-cli';
import { ensureTemporalTestServer } from './temporal-test-server';

/**
 * Installs (first run) or finds (cached) every real component the test suites start: the Temporal test server and
 * Kafka jars from Maven Central, the Temporal CLI, Debian's Chromium, ffmpeg (and heif-enc), espeak-ng and rsync, schemathesis and
 * Barman from PyPI. Done before vitest so a slow first download is reported as such, not as a hook time-out.
 */
export async function prepareTestInfrastructure(log: (line: string) => void): Promise<void> {
  const timed = async <T>(name: string, work: () => Promise<T>): Promise<T> => {
    const started = performance.now();
    const result = await work();
    log(`${name} ready in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    return result;
  };
  // Four independent chains side by side (mostly downloads and checks, so the slowest chain sets the time): the two
  // Maven fetches one after the other (one local repository), the apt-get installs one after the other (one dpkg
  // lock), the Temporal CLI (its first build, go install, takes minutes on a cold Go cache) and the pip installs
  // (schemathesis, Barman).
  await Promise.all([
    (async () => {
      await timed('Temporal test server', ensureTemporalTestServer);
      await timed('Kafka', ensureKafkaJars);
    })(),
    timed('Temporal CLI', ensureTemporalCli),
    (async () => {
      await timed('Chromium', ensureChromium);
      await timed('ffmpeg', ensureFfmpeg);
      await timed('heif-enc', () => ensureHeifEncoder({ log }));
      await timed('espeak-ng', ensureEspeakNg);
      await timed('statement PDF fonts and poppler', ensureStatementPdfTools);
      await timed('rsync', () => ensureRsync({ log }));
    })(),
    (async () => {
      await timed('schemathesis (PyPI)', () => ensureSchemathesis(log));
      await timed('Barman (PyPI)', () => ensureBarman(log));
    })(),
  ]);
}
