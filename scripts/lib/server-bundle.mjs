// The server of `npm start` as plain JavaScript: scripts/start.ts and the TypeScript it imports from the workspaces
// (services, workflows, ledger, contracts) bundled by esbuild into node_modules/.cache/fanmission-server/, so a warm
// start runs `node` on one prepared file instead of transforming and resolving ~400 TypeScript modules through tsx
// (most of a warm start's time before this). npm packages stay external (loaded from node_modules as usual).
//
// The bundle is reused while a hash of its inputs (the content of every source file esbuild read, the lockfile,
// this file, the Node and esbuild versions) is unchanged; any change rebuilds it (about a second). Node built-ins
// only until a build is needed, then esbuild (a devDependency). Every problem falls back to tsx: `null`.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const WORKSPACES = ['contracts', 'ledger', 'workflows', 'services'];
const thisFile = fileURLToPath(import.meta.url);

/** Where the bundle of `entry` (a path relative to the repository root) is kept. */
export function serverBundleDir(root, entry) {
  return path.join(root, 'node_modules', '.cache', 'fanmission-server', path.basename(entry, path.extname(entry)));
}

function inputsHash(root, inputs, esbuildVersion) {
  const hash = createHash('sha256');
  hash.update(`node ${process.versions.node}\nesbuild ${esbuildVersion}\n`);
  for (const file of [...inputs, thisFile, path.join(root, 'package-lock.json')]) {
    const full = path.resolve(root, file);
    hash.update(`${path.relative(root, full)}\n`);
    hash.update(fs.existsSync(full) ? fs.readFileSync(full) : 'missing');
  }
  return hash.digest('hex');
}

/**
 * The JavaScript entry file of the bundled `entry`, built now when there is none for the current sources; `null`
 * when the bundle cannot be used (then the caller runs the TypeScript through tsx as before).
 */
export async function ensureServerBundle({ root, entry, log = console.log }) {
  const dir = serverBundleDir(root, entry);
  const manifestFile = path.join(dir, 'manifest.json');
  try {
    // A workspace with its own node_modules would resolve a package differently from the bundle's folder.
    for (const workspace of WORKSPACES) {
      const nested = path.join(root, workspace, 'node_modules');
      if (fs.existsSync(nested) && fs.readdirSync(nested).some((name) => !name.startsWith('.'))) {
        log(`not bundling the server: ${workspace}/node_modules has its own packages`);
        return null;
      }
    }
    if (fs.existsSync(manifestFile)) {
      const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
      const outputFile = path.join(dir, manifest.hash, manifest.output);
      if (
        fs.existsSync(outputFile) &&
        manifest.esbuildVersion === readEsbuildVersion(root) &&
        manifest.hash === inputsHash(root, manifest.inputs, manifest.esbuildVersion)
      ) {
        return outputFile;
      }
    }
    return await buildServerBundle({ root, entry, dir, manifestFile, log });
  } catch (error) {
    log(`not bundling the server (${error instanceof Error ? error.message : String(error)}); running it with tsx`);
    return null;
  }
}

function readEsbuildVersion(root) {
  const manifest = path.join(root, 'node_modules', 'esbuild', 'package.json');
  return fs.existsSync(manifest) ? JSON.parse(fs.readFileSync(manifest, 'utf8')).version : 'none';
}

async function buildServerBundle({ root, entry, dir, manifestFile, log }) {
  const started = performance.now();
  const esbuild = await import(pathToFileURL(path.join(root, 'node_modules', 'esbuild', 'lib', 'main.js')).href);
  fs.mkdirSync(dir, { recursive: true });
  const staging = path.join(dir, `.build-${process.pid}`);
  fs.rmSync(staging, { recursive: true, force: true });
  const result = await esbuild.build({
    absWorkingDir: root,
    entryPoints: [path.join(root, entry)],
    outdir: staging,
    bundle: true,
    // Chunks per dynamic import: the entry starts the embedded PostgreSQL and the Temporal dev server before the
    // services tree (and the npm packages it imports) is loaded.
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: `node${process.versions.node.split('.')[0]}`,
    sourcemap: 'linked',
    metafile: true,
    logLevel: 'silent',
    outExtension: { '.js': '.mjs' },
    plugins: [
      {
        name: 'fanmission-server',
        setup(build) {
          // npm packages are loaded by Node from node_modules (the bundle sits inside it); the workspaces'
          // TypeScript (`@fanmission/*`, relative imports) is bundled.
          build.onResolve({ filter: /^[^./]/ }, (args) => {
            if (args.path.startsWith('@fanmission/') || path.isAbsolute(args.path)) return undefined;
            return { path: args.path, external: true };
          });
          // Each module keeps its own `import.meta.url` (paths of migrations, workflow sources, the repository
          // root are computed from it), not the bundle's.
          build.onLoad({ filter: /\.[cm]?tsx?$/ }, async (args) => {
            const source = await fs.promises.readFile(args.path, 'utf8');
            return {
              contents: source.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href)),
              loader: args.path.endsWith('x') ? 'tsx' : 'ts',
            };
          });
        },
      },
    ],
  });
  const inputs = Object.keys(result.metafile.inputs).sort();
  const output = Object.entries(result.metafile.outputs).find(([, meta]) => meta.entryPoint)?.[0];
  if (!output) throw new Error('esbuild produced no entry file');
  const esbuildVersion = readEsbuildVersion(root);
  const hash = inputsHash(root, inputs, esbuildVersion);
  const manifest = { hash, output: path.relative(staging, path.resolve(root, output)), esbuildVersion, inputs };
  // Each build keeps its own folder (named by its inputs' hash) and the manifest names the current one, replaced
  // in one rename: a start running an older bundle keeps its files, a concurrent start never sees half a build.
  const target = path.join(dir, hash);
  fs.rmSync(target, { recursive: true, force: true });
  fs.renameSync(staging, target);
  fs.writeFileSync(`${manifestFile}.${process.pid}`, JSON.stringify(manifest));
  fs.renameSync(`${manifestFile}.${process.pid}`, manifestFile);
  for (const name of fs.readdirSync(dir)) {
    const stale = path.join(dir, name);
    // Older builds go after a day (a process started from one may still be loading its chunks).
    if (name !== hash && name !== 'manifest.json' && Date.now() - fs.statSync(stale).mtimeMs > 86_400_000) {
      fs.rmSync(stale, { recursive: true, force: true });
    }
  }
  log(`bundled the server (${inputs.length} modules) in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return path.join(target, manifest.output);
}
