// Debian's espeak-ng for the demo world's spoken mission answers (services/src/seed/demo-media-pool.ts).
//
//   tsx scripts/infra/espeak-ng.ts      prints espeak-ng's path (installing it first when missing and root)
//
// ESPEAK_NG_PATH names another executable. Otherwise /usr/bin/espeak-ng is used, installed with apt-get. The demo
// seed runs without it (performed missions are answered with pictures and videos instead of voices).
import { debianToolInstaller } from './debian-packages';

export const DEBIAN_ESPEAK_NG = '/usr/bin/espeak-ng';

/** Returns the espeak-ng executable, installing Debian's when missing (as root). */
export const ensureEspeakNg = debianToolInstaller({
  name: 'espeak-ng',
  packages: ['espeak-ng'],
  executable: DEBIAN_ESPEAK_NG,
  envVar: 'ESPEAK_NG_PATH',
  neededFor: "the demo world's voice answers need it",
});

if (import.meta.url === `file://${process.argv[1]}`) {
  ensureEspeakNg().then(
    (found) => console.log(found),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : String(error));
      process.exit(1);
    },
  );
}
