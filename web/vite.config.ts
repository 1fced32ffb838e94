import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const CONTRACTS_SOURCE = /[\\/]contracts[\\/]src[\\/][^\\/]+\.ts$/;

/**
 * The contracts declare their zod schemas at module level (`export const x = z.object(…).meta(…)`), which a bundler
 * must keep as possible side effects. Marking those declarations pure lets a chunk that only reads constants from
 * @fanmission/contracts (the landing page's shell) leave zod out; pages with forms still get every schema they use.
 */
function pureContractSchemas(): Plugin {
  return {
    name: 'fanmission:pure-contract-schemas',
    enforce: 'pre',
    transform(code, id) {
      if (!CONTRACTS_SOURCE.test(id)) return null;
      return {
        code: code.replace(/^((?:export )?const [\w$]+(?:: [^=\n]+)? = )(z\s*\.)/gm, '$1/* @__PURE__ */ $2'),
        map: null,
      };
    },
  };
}

/**
 * Brotli and gzip copies of the built text files (`x.js.br`, `x.js.gz`) beside them, which the API's static file
 * server sends to browsers that accept them (services/src/plugins/static-apps.ts, `preCompressed`): about a third of
 * the bytes on a phone's network, with no compression work per request.
 */
function precompress(): Plugin {
  return {
    name: 'fanmission:precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      for (const fileName of Object.keys(bundle)) {
        if (!/\.(js|css|html|svg|json)$/.test(fileName)) continue;
        const file = path.join(dir, fileName);
        const source = await readFile(file);
        if (source.length < 1024) continue;
        await writeFile(`${file}.br`, brotliCompressSync(source, { params: { [zlib.BROTLI_PARAM_QUALITY]: 10 } }));
        await writeFile(`${file}.gz`, gzipSync(source, { level: 9 }));
      }
    },
  };
}

export default defineConfig(({ command }) => {
  // A build is a production build even when the building process runs with NODE_ENV=test or development (the e2e
  // set-up, `npm start`): otherwise Vite keeps that NODE_ENV and ships React's development build. Vite reads
  // NODE_ENV after loading this file; scripts/build-apps.ts restores the caller's value afterwards.
  if (command === 'build') process.env.NODE_ENV = 'production';
  return {
    plugins: [pureContractSchemas(), react(), precompress()],
    base: '/',
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      sourcemap: true,
      // The two vendor chunks below are large by design (React + router + i18next; the component library), cached
      // for a year under their hashed names.
      chunkSizeWarningLimit: 600,
      rolldownOptions: {
        treeshake: { moduleSideEffects: (id: string) => !CONTRACTS_SOURCE.test(id) },
        output: {
          codeSplitting: {
            // What the shell needs in one chunk, the component library in another that only lazily loaded pages
            // import: left to itself the bundler mixes React into the library's chunk and the landing page loads both.
            groups: [
              {
                name: 'react',
                test: /node_modules[\\/](react|react-dom|scheduler|react-router|i18next|react-i18next|use-sync-external-store|cookie|set-cookie-parser)[\\/]/,
              },
              {
                name: 'mui',
                test: /node_modules[\\/](@mui|@emotion|@popperjs|stylis|react-transition-group|react-is|clsx|prop-types|hoist-non-react-statics|@babel)[\\/]/,
              },
            ],
          },
        },
      },
    },
    server: { proxy: { '/api': 'http://localhost:8080' } },
  };
});
