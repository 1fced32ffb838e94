import { ensureChromium } from './chromium';
import { ensureFfmpeg } from './ffmpeg';
import { ensureKafkaJars } from './kafka';
import { ensureSchemathesis } from './schemathesis';
import { ensureStatementPdfTools } from './statement-pdf';
import { ensureTemporalCli } from './temporal-cli';
import { ensureTemporalTestServer } from './temporal-test-server';

/**
 * Installs (first run) or finds (cached) every real component the test suites start: the Temporal test server and
 * Kafka jars from Maven Central, the Temporal CLI, Debian's Chromium and ffmpeg, schemathesis from PyPI. Done before vitest so a slow first download is reported as
 * such, not as a hook time-out.
 */
export async function prepareTestInfrastructure(log: (line: string) => void): Promise<void> {
  const timed = async <T>(name: string, work: () => Promise<T>): Promise<T> => {
    const started = performance.now();
    const result = await work();
    log(`${name} ready in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    return result;
  };
  await timed('Temporal test server', ensureTemporalTestServer);
  // The dev server of `npm start` is tested too; its first build (go install) takes minutes on a cold Go cache.
  await timed('Temporal CLI', ensureTemporalCli);
  await timed('Kafka', ensureKafkaJars);
  await timed('Chromium', ensureChromium);
  await timed('ffmpeg', ensureFfmpeg);
  await timed('statement PDF fonts and poppler', ensureStatementPdfTools);
  await timed('schemathesis (PyPI)', () => ensureSchemathesis(log));
}
