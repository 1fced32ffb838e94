import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, runnerImport, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const CONTRACTS_SOURCE = /[\\/]contracts[\\/]src[\\/][^\\/]+\.ts$/;

/**
 * The shell: what the entry (header, footer, landing page) imports statically. These stay in the entry chunk; the
 * rest of web/src/shared and TanStack Query go into one `common` chunk, the contracts' schemas into one `contracts`
 * chunk, both shared by the lazily loaded pages, instead of some thirty chunks of a kilobyte each (sign-up's, password
 * and legal modules, used by few pages, stay apart; the list cards have a chunk of their own, without the component
 * library, which the landing page loads too): on a phone's network every request costs a round trip (Slow 4G: 560 ms), and the
 * browser opens at most six connections to the server. `shellStaysLight` fails the build if the entry imports it.
 */
const SHELL =
  /[\\/](web[\\/]src[\\/](main\.tsx|app[\\/]|features[\\/]landing[\\/]|shared[\\/](alert[\\/]alert|app-mode|first-view|i18n[\\/]|navigation[\\/]|config|session[\\/]|notifications[\\/]unread|pwa[\\/]|network[\\/]|api[\\/]client|auth[\\/]logout|ui[\\/](lazy-menu|icons)|popups[\\/](event-popup|popup-dialog|popup\.ts)))|contracts[\\/]src[\\/](languages|errors|limits|messages|numbers|time|session|first-view))/;
const COMMON =
  /[\\/](web[\\/]src[\\/]shared[\\/](?!legal[\\/]|password[\\/]|auth[\\/]|forms[\\/]address|cards[\\/])|node_modules[\\/]@tanstack[\\/])/;
const LOCALES = /[\\/]locales[\\/]|locales\.ts$/;

/**
 * The pages a visitor most often opens first, by path, and the module of each (web/src/app/routes.tsx). The entry
 * finds out which page to load only once React, the router and the texts have arrived and run: two or three round
 * trips later on a phone. `preloadFirstPage` writes a small script into index.html that asks for the language's texts
 * while the entry still downloads, and for the page's chunks once the texts and the entry's own chunks have arrived:
 * the shell (header, footer) needs React and the texts only, and on a phone's network the page's chunks (the component
 * library among them) would otherwise share the bandwidth and the six connections with them and delay the shell's
 * first paint. (Asking again for a module the page already loads costs no second request: the browser's module map
 * holds one fetch per address.)
 */
const FIRST_PAGES: { path: string; module: string }[] = [
  { path: '^/creator-search/?$', module: 'features/creator-search/creator-search-page.tsx' },
  { path: '^/creator/[^/]+/?$', module: 'features/creator-page/creator-page.tsx' },
  { path: '^/mission-detail/[^/]+/?$', module: 'features/mission-detail/mission-detail-page.tsx' },
  { path: '^/browse-missions/?$', module: 'features/browse-missions/browse-missions-page.tsx' },
  { path: '^/lottery-event/[^/]+/?$', module: 'features/lottery-event/index.ts' },
];
const LOCALE_MODULES = {
  ko: 'shared/i18n/locales/ko.ts',
  en: 'shared/i18n/locales/en.ts',
  ja: 'shared/i18n/locales/ja.ts',
};

function preloadFirstPage(): Plugin {
  return {
    name: 'fanmission:preload-first-page',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const bundle = context.bundle;
        if (!bundle) return html;
        const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
        const entry = chunks.find((chunk) => chunk.isEntry);
        if (!entry) return html;
        const preloaded = new Set([entry.fileName, ...entry.imports]);
        const byModule = (module: string) => {
          const chunk = chunks.find((candidate) =>
            candidate.facadeModuleId?.replaceAll('\\', '/').endsWith(`/src/${module}`),
          );
          if (!chunk) throw new Error(`preload-first-page: no chunk for ${module}`);
          return chunk;
        };
        /** The chunk and what it imports statically, less what index.html preloads already. */
        const closure = (module: string) => {
          const files = new Set<string>();
          const visit = (fileName: string) => {
            if (files.has(fileName) || preloaded.has(fileName)) return;
            files.add(fileName);
            const chunk = chunks.find((candidate) => candidate.fileName === fileName);
            for (const imported of chunk?.imports ?? []) visit(imported);
          };
          visit(byModule(module).fileName);
          return [...files];
        };
        const pages = FIRST_PAGES.map(({ path, module }) => [path, closure(module)]);
        const locales = Object.fromEntries(
          Object.entries(LOCALE_MODULES).map(([language, module]) => [language, closure(module)]),
        );
        // The language as shared/i18n/i18n.ts picks it: `?lang=`, else the stored `lang` (`jp` meaning ja), else the
        // first of the browser's languages the app speaks, else ko.
        const script =
          `(function(){var P=${JSON.stringify(pages)},L=${JSON.stringify(locales)},S=${JSON.stringify([...preloaded])};` +
          `var q=new URLSearchParams(location.search).get('lang'),s=null;try{s=localStorage.getItem('lang')}catch(e){}` +
          `function n(v){v=String(v||'').trim().toLowerCase().split(/[-_]/)[0];return v==='jp'?'ja':v}var l;` +
          `if(q!==null||s!==null){l=n(q!==null?q:s)}else{var b=navigator.languages&&navigator.languages.length?` +
          `navigator.languages:[navigator.language];for(var r=0;r<b.length&&!L[l];r++)l=n(b[r])}if(!L[l])l='ko';` +
          // The static first view of this path in this language (staticFirstView), and <html lang> from the start.
          `var h=document.documentElement,v=${JSON.stringify(STATIC_FIRST_VIEWS)}[location.pathname.replace(/(.)\\/$/,'$1')];h.lang=l;` +
          // Not in the embedded app mode (no header or footer; shared/app-mode.ts: `?app-api=true`, kept for the tab).
          `var m=new URLSearchParams(location.search).get('app-api'),x=m==='true';` +
          `if(m===null)try{x=sessionStorage.getItem('app-api')==='true'}catch(e){}` +
          `if(v&&!x)h.setAttribute('data-first-view',v+'-'+l);` +
          `var p=[];for(var i=0;i<P.length;i++)if(new RegExp(P[i][0]).test(location.pathname))p=p.concat(P[i][1]);` +
          `function a(f,d){var n=f.length;if(!n){if(d)d();return}for(var j=0;j<f.length;j++){` +
          `var k=document.createElement('link');k.rel='modulepreload';k.crossOrigin='';k.href='/'+f[j];` +
          `if(d)k.onload=k.onerror=function(){if(--n===0)d()};document.head.appendChild(k)}}` +
          `a(L[l].concat(S),function(){a(p)})})()`;
        // Before the entry's script and stylesheet: an inline script placed after a stylesheet waits for it, and the
        // texts would then be asked for one round trip later than the entry.
        const tag = `<script>${script}</script>\n    `;
        const at = html.search(/<script type="module"|<link rel="(modulepreload|stylesheet)"/);
        if (at < 0) throw new Error('preload-first-page: no entry script in index.html');
        return html.slice(0, at) + tag + html.slice(at);
      },
    },
  };
}

/**
 * The service worker (src/sw.ts) and what it precaches: the app shell, which is what the first paint of any page
 * needs (index.html, the entry with its vendor and constants chunks, the texts, the icons). The pages' chunks are
 * cached as they are first loaded; a member's phone never downloads the whole app up front.
 */
function serviceWorker(): Plugin[] {
  return VitePWA({
    strategies: 'injectManifest',
    srcDir: 'src',
    filename: 'sw.ts',
    // The app registers it itself (src/shared/pwa/service-worker.ts), outside the embedded app mode.
    injectRegister: false,
    // public/manifest.webmanifest is the app's manifest.
    manifest: false,
    injectManifest: {
      rollupFormat: 'iife',
      globPatterns: [
        'index.html',
        'manifest.webmanifest',
        'icons/*.{png,svg}',
        'images/*.{png,svg}',
        'assets/{index,react,constants,rolldown-runtime,ko,en,ja}-*.{js,css}',
      ],
    },
  });
}

/** The pages index.html paints before any script runs (src/app/static-first-view.tsx), by path. */
const STATIC_FIRST_VIEWS: Record<string, 'landing' | 'page'> = { '/': 'landing', '/creator-search': 'page' };

/**
 * Writes the static first view (src/app/static-first-view.tsx: the landing page and the creator search's loading
 * state, in ko/en/ja, from the app's own components and texts) into index.html's `#root`, which React replaces in its
 * first commit. The module is loaded through Vite's module runner, so it is rendered from the sources being built.
 */
function staticFirstView(): Plugin {
  let root = process.cwd();
  return {
    name: 'fanmission:static-first-view',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    transformIndexHtml: {
      order: 'post',
      async handler(html) {
        const { module } = await runnerImport<{ staticFirstViewHtml: () => string }>(
          path.join(root, 'src/app/static-first-view.tsx'),
          { configFile: false, root, logLevel: 'error' },
        );
        if (!html.includes('<div id="root"></div>')) throw new Error('static-first-view: no empty #root in index.html');
        return html.replace('<div id="root"></div>', `<div id="root">${module.staticFirstViewHtml()}</div>`);
      },
    },
  };
}

/**
 * Fails the build when the shell's first download (the entry and what it imports statically) carries the component
 * library, the shared page code, zod or a contracts module with schemas: on a phone each of them delays the first
 * paint of every page (a constant imported from a module with schemas brought zod and two more requests along).
 */
function shellStaysLight(): Plugin {
  return {
    name: 'fanmission:shell-stays-light',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = new Map(
        Object.values(bundle)
          .filter((output) => output.type === 'chunk')
          .map((chunk) => [chunk.fileName, chunk]),
      );
      for (const entry of chunks.values()) {
        if (!entry.isEntry) continue;
        const heavy = entry.imports.filter((name) => /\/(common|contracts|mui)-/.test(name));
        if (heavy.length > 0) {
          throw new Error(`the entry ${entry.fileName} imports ${heavy.join(', ')}: add its shell modules to SHELL`);
        }
        const closure = new Set<string>();
        const visit = (fileName: string) => {
          if (closure.has(fileName)) return;
          closure.add(fileName);
          for (const imported of chunks.get(fileName)?.imports ?? []) visit(imported);
        };
        visit(entry.fileName);
        for (const fileName of closure) {
          const offending = (chunks.get(fileName)?.moduleIds ?? []).filter(
            (id) => /[\\/]node_modules[\\/]zod[\\/]/.test(id) || (CONTRACTS_SOURCE.test(id) && !SHELL.test(id)),
          );
          if (offending.length > 0) {
            throw new Error(
              `the entry ${entry.fileName} loads ${fileName} with ${offending.slice(0, 3).join(', ')}: ` +
                'the shell must not need zod or a contracts module with schemas',
            );
          }
        }
      }
    },
  };
}

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
        await writeFile(`${file}.br`, brotliCompressSync(source, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }));
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
    plugins: [
      pureContractSchemas(),
      react(),
      precompress(),
      shellStaysLight(),
      preloadFirstPage(),
      staticFirstView(),
      serviceWorker(),
    ],
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
            // A group takes only the modules its test names (by default it would pull in their imports too, the
            // shell's among them).
            includeDependenciesRecursively: false,
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
              // The contracts' constants the shell needs (limits, languages, error codes, the shared messages the
              // texts use), in one chunk beside the entry: left to itself the bundler gives the limits and the
              // messages a chunk each, one more request before the first paint.
              { name: 'constants', test: (id: string) => CONTRACTS_SOURCE.test(id) && SHELL.test(id) },
              // zod, which the pages' forms and answers need and the shell does not, in one chunk (left to itself
              // the bundler cuts it into four).
              { name: 'zod', test: /node_modules[\\/]zod[\\/]/ },
              {
                name: 'contracts',
                test: (id: string) => CONTRACTS_SOURCE.test(id) && !SHELL.test(id),
                minShareCount: 2,
              },
              // The list cards (src/shared/cards), shared by the landing page and the list pages, in one chunk
              // without the component library: the landing page loads them under its headline.
              { name: 'cards', test: /[\\/]web[\\/]src[\\/]shared[\\/](cards[\\/]|navigation[\\/]creator-path)/ },
              {
                name: 'common',
                test: (id: string) => COMMON.test(id) && !SHELL.test(id) && !LOCALES.test(id),
                minShareCount: 2,
              },
            ],
          },
        },
      },
    },
    // Share pages (services/src/sharing) are the API's too: a link copied in development opens there.
    server: { proxy: { '/api': 'http://localhost:8080', '/share': 'http://localhost:8080' } },
  };
});
