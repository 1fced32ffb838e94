// Debian's Chromium for the browser suite, driven by playwright-core (never `npx playwright install`).
//
//   tsx scripts/infra/chromium.ts      prints the browser's path (installing it first when missing and root)
//
// CHROMIUM_PATH names another Chromium/Chrome executable. Otherwise /usr/bin/chromium is used, installed with
// apt-get together with fonts-noto-cjk and fonts-noto-color-emoji so that Korean and Japanese text and emoji render
// in screenshots instead of boxes.
import { aptInstall, aptInstallCommand, commandExists, isExecutable, debianPackageInstalled } from './debian-packages';

export const DEBIAN_CHROMIUM = '/usr/bin/chromium';
/** Without them the browser works, but CJK text and emoji render as boxes in screenshots. */
const FONTS = ['fonts-noto-cjk', 'fonts-noto-color-emoji'] as const;
const PACKAGES = ['chromium', ...FONTS] as const;
const INSTALL_COMMAND = aptInstallCommand(PACKAGES);

export interface EnsureChromiumOptions {
  log?: (line: string) => void;
}

let pending: Promise<string> | undefined;

/**
 * Returns the Chromium executable for playwright-core: `CHROMIUM_PATH` when it names an executable, else Debian's
 * /usr/bin/chromium. As root, a missing browser (or missing CJK or emoji fonts) is installed with apt-get; as another user
 * a missing browser is an error that names the command to run.
 */
export function ensureChromium(options: EnsureChromiumOptions = {}): Promise<string> {
  pending ??= ensure(options.log ?? ((line) => console.log(line))).catch((error: unknown) => {
    pending = undefined;
    throw error;
  });
  return pending;
}

async function ensure(log: (line: string) => void): Promise<string> {
  const fromEnv = process.env.CHROMIUM_PATH?.trim();
  if (fromEnv) {
    if (isExecutable(fromEnv)) return fromEnv;
    console.warn(`[chromium] CHROMIUM_PATH=${fromEnv} is not an executable file; falling back to ${DEBIAN_CHROMIUM}`);
  }

  const missing: string[] = [];
  if (!isExecutable(DEBIAN_CHROMIUM)) missing.push(...PACKAGES);
  else missing.push(...FONTS.filter((font) => debianPackageInstalled(font) === false));
  if (missing.length === 0) return DEBIAN_CHROMIUM;

  const browserMissing = missing.includes('chromium');
  const isRoot = process.getuid?.() === 0;
  if (!isRoot || !commandExists('apt-get')) {
    if (!browserMissing) {
      // The browser works without them; only CJK glyphs and emoji in screenshots suffer.
      console.warn(
        `[chromium] ${missing.join(' ')} not installed: Korean/Japanese text or emoji will render as boxes in screenshots`,
      );
      return DEBIAN_CHROMIUM;
    }
    const how = isRoot
      ? `apt-get is not available: install Chromium, CJK and emoji fonts with your system's package manager`
      : `run as root: sudo sh -c '${INSTALL_COMMAND}'`;
    throw new Error(
      `Chromium is missing (${DEBIAN_CHROMIUM} not found) and the browser tests need it. To install it, ${how}. ` +
        `Or set CHROMIUM_PATH to an existing Chromium or Chrome executable.`,
    );
  }

  log(`[chromium] installing ${missing.join(' ')} with apt-get (once per machine)…`);
  const started = performance.now();
  await aptInstall(missing);
  if (!isExecutable(DEBIAN_CHROMIUM)) {
    throw new Error(`apt-get installed ${missing.join(' ')} but ${DEBIAN_CHROMIUM} is still missing`);
  }
  log(`[chromium] installed in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return DEBIAN_CHROMIUM;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    console.log(await ensureChromium());
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
}
