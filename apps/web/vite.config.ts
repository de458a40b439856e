import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { build as esbuild } from 'esbuild';
import { defineConfig, type Plugin, type ResolvedConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';
import { earlyPageModules } from './src/boot/early-pages.ts';
import type * as HeaderPlaceholderModule from './src/shell/header-placeholder.tsx';

/**
 * dist/.vite/chunks.json: the modules each JavaScript chunk holds (source files and packages, relative to the repository,
 * with their minified bytes),
 * so the budget spec (e2e/budgets.spec.ts) can tell which pages load the QR decoder, the map or the chat. Build only;
 * under dist/.vite, which the server does not serve (a dot folder) and the service worker does not precache.
 */
function chunkModules(): Plugin {
  const root = path.resolve(import.meta.dirname, '../..');
  return {
    name: 'localloop-chunk-modules',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).flatMap((output) =>
        output.type === 'chunk'
          ? [
              {
                file: output.fileName,
                // Each module with the bytes it left in the chunk (minified): what to look at when a chunk outgrows its budget.
                modules: Object.fromEntries(output.moduleIds.map((id) => [path.relative(root, id.replace(/^\0/, '')).split(path.sep).join('/'), output.modules[id]?.renderedLength ?? 0])),
              },
            ]
          : [],
      );
      this.emitFile({ type: 'asset', fileName: '.vite/chunks.json', source: JSON.stringify(chunks, null, 1) });
    },
  };
}

/**
 * assets/boot-<hash>.js, run by index.html before the app's module scripts (src/boot/README.md): a classic script, so
 * it runs as soon as it arrives (a few hundred bytes) instead of after the entry's whole module graph, and a file, not
 * inline, as the server's Content-Security-Policy allows only 'self' scripts. Bundled apart by esbuild (an IIFE of the
 * pure modules it imports) with each early page's chunks written in, which only this build knows. Build only: under
 * `npm run dev` the app asks for everything itself.
 */
function bootScript(): Plugin {
  let config: ResolvedConfig;
  let fileName = '';
  return {
    name: 'localloop-boot-script',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    generateBundle: {
      // Before the HTML is written (vite:build-html, which calls transformIndexHtml below): it names this file.
      order: 'pre',
      async handler(_options, bundle) {
        const chunks = new Map(Object.values(bundle).flatMap((output) => (output.type === 'chunk' ? [[output.fileName, output] as const] : [])));
        // A chunk with every chunk it imports statically, as the browser loads them.
        const closure = (file: string, seen = new Set<string>()): Set<string> => {
          if (seen.has(file)) return seen;
          seen.add(file);
          for (const imported of chunks.get(file)?.imports ?? []) closure(imported, seen);
          return seen;
        };
        const entry = [...chunks.values()].find((chunk) => chunk.isEntry);
        const preloaded = entry ? closure(entry.fileName) : new Set<string>();
        const pageChunks = Object.fromEntries(
          Object.entries(earlyPageModules).map(([page, module]) => {
            const source = path.resolve(import.meta.dirname, 'src', module);
            const chunk = [...chunks.values()].find((c) => c.facadeModuleId === source);
            if (!chunk) this.error(`bootScript: no chunk is built from ${module}`);
            return [page, [...closure(chunk.fileName)].filter((file) => !preloaded.has(file)).map((file) => `${config.base}${file}`)];
          }),
        );
        const built = await esbuild({
          entryPoints: [path.resolve(import.meta.dirname, 'src/boot/main.ts')],
          bundle: true,
          write: false,
          format: 'iife',
          minify: true,
          target: 'es2020',
          legalComments: 'none',
          // config.ts reads import.meta.env, which only Vite fills in: the same variables, as this build has them.
          define: { 'import.meta.env': JSON.stringify(config.env), __EARLY_PAGE_CHUNKS__: JSON.stringify(pageChunks) },
          logLevel: 'warning',
        });
        const code = built.outputFiles[0]?.text ?? '';
        fileName = `${config.build.assetsDir}/boot-${createHash('sha256').update(code).digest('base64url').slice(0, 8)}.js`;
        this.emitFile({ type: 'asset', fileName, source: code });
      },
    },
    transformIndexHtml: {
      order: 'post',
      // Right after the title, before the entry's tags: it runs as soon as it arrives, without waiting for the stylesheet
      // (a classic script after one waits for it), so the page's first request starts before the CSS is in.
      handler: (html) => (fileName ? html.replace('</title>', `</title>\n    <script src="${config.base}${fileName}"></script>`) : html),
    },
  };
}

/**
 * index.html's #root holds the header placeholder (src/shell/header-placeholder.tsx), rendered by React at build time
 * from the component the app itself shows while the session is read: the page paints LocalLoop's bar as soon as the
 * HTML and CSS are in, instead of staying blank until the scripts have arrived and run (on Lighthouse's slow phone,
 * 2.7 s). The app's first render replaces it (createRoot clears the container). Build only, like the boot script.
 */
function appShell(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'localloop-app-shell',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    transformIndexHtml: {
      order: 'pre',
      async handler(html) {
        const built = await esbuild({
          entryPoints: [path.resolve(import.meta.dirname, 'src/shell/header-placeholder.tsx')],
          bundle: true,
          write: false,
          format: 'esm',
          platform: 'node',
          jsx: 'automatic',
          // React and the rest resolve from node_modules when the module runs: the same copies the app is built with.
          packages: 'external',
          logLevel: 'warning',
        });
        // Under the cache folder, so its imports find node_modules by walking up.
        const file = path.join(config.cacheDir, 'app-shell', 'header-placeholder.mjs');
        mkdirSync(path.dirname(file), { recursive: true });
        writeFileSync(file, built.outputFiles[0]?.text ?? '');
        const [{ HeaderPlaceholder }, { createElement }, { renderToStaticMarkup }] = await Promise.all([
          // A new URL for each build: a build in watch mode must not get the first build's module from Node's cache.
          import(`${pathToFileURL(file).href}?${Date.now()}`) as Promise<typeof HeaderPlaceholderModule>,
          import('react'),
          import('react-dom/server'),
        ]);
        const empty = '<div id="root"></div>';
        if (!html.includes(empty)) throw new Error(`appShell: index.html has no ${empty} to fill`);
        return html.replace(empty, `<div id="root">${renderToStaticMarkup(createElement(HeaderPlaceholder))}</div>`);
      },
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    chunkModules(),
    bootScript(),
    appShell(),
    tailwindcss(),
    // The installable app: manifest.webmanifest and a Workbox service worker (sw.js) that precaches the app shell, so the
    // product opens offline (docs/decisions/0031-installable-app.md). Registered by shell/service-worker.tsx in the built
    // app only; `npm run dev` and the unit tests run without a worker.
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      includeAssets: ['favicon.svg', 'icons/apple-touch-icon.png'],
      manifest: {
        id: '/',
        name: 'LocalLoop',
        short_name: 'LocalLoop',
        description: 'LocalLoop connects people with local businesses, deals and community activities.',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        theme_color: '#0f766e',
        background_color: '#ffffff',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        // The shell: index.html, every chunk, the CSS, icons and fonts (not the source maps nor the .br/.gz copies).
        globPatterns: ['**/*.{js,css,html,svg,png,woff2,webmanifest}'],
        // An app route opened offline gets the shell; the API, uploaded files and anything that looks like a file never do.
        navigateFallback: 'index.html',
        navigateFallbackDenylist: [/^\/api(?:[/?]|$)/, /^\/media\//, /\/[^/?]+\.[^/?]+(?:\?.*)?$/],
        // No runtimeCaching: the worker answers only precached shell files and navigations. /api and /media go to the
        // network untouched (network only), so a signed-in person's data never lands in Cache Storage.
        cleanupOutdatedCaches: true,
        clientsClaim: true,
      },
    }),
    // A .br and a .gz beside each text file of the build, at the highest levels (once per build, not per request):
    // the server sends the one the browser accepts (@fastify/static's preCompressed). Source maps stay as they are.
    compression({
      include: /\.(js|mjs|css|html|svg|json|txt)$/,
      exclude: /^\.vite\//,
      threshold: 1024,
      skipIfLargerOrEqual: true,
      algorithms: [defineAlgorithm('brotliCompress', { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }), defineAlgorithm('gzip', { level: 9 })],
      logLevel: 'silent',
    }),
  ],
  // Besides VITE_*, the two Google settings the server also reads reach the browser under their own names,
  // so one variable configures both (they are public by design: a client id and a referrer-restricted key).
  envPrefix: ['VITE_', 'GOOGLE_CLIENT_ID', 'GOOGLE_MAPS_API_KEY'],
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://localhost:3000', ws: true } },
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    rolldownOptions: {
      output: {
        // React and the router change less often than our code: their own chunks stay cached across
        // deploys. Two, not one: together they were 95 KB gzipped, past the 80 KB a chunk may weigh (issue 16; the
        // budget spec, e2e/budgets.spec.ts). Other libraries stay with their importers, so a page's libraries load
        // with that page, and each page keeps its own chunk named after its file (e.g. login-page-<hash>.js).
        codeSplitting: {
          // The small chunks of code that several pages share (an icon, a form field, a query's options) are copied into
          // the chunks that read them instead of each being a file: a deal's page asked for 30 scripts beyond the
          // entry's, a list 17, and over HTTP/1.1 a browser fetches six at a time from a host, so its first request
          // and first render waited for rounds of them (Lighthouse's trace). Now 4 and 3, the same bytes or fewer; the
          // build's JavaScript in all grows from 1.9 to 2.8 MB of copies. Rolldown keeps one state per module across
          // copies (a registry in its runtime) and turns on strictExecutionOrder for it (a few hundred bytes of wrappers
          // a chunk). Experimental in Rolldown 1.2: the browser tests and the budget spec run on this build. Files with
          // styles stay files, as Vite's CSS plugin needs (Rolldown's guide).
          experimentalInlineCommonChunks: { maxSize: 10 * 1024, exclude: /\.(css|scss|sass|less|styl|stylus|pcss|postcss|sss)(\?|$)/ },
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            { name: 'router', test: /node_modules[\\/](react-router|cookie|set-cookie-parser)[\\/]/ },
          ],
        },
      },
    },
  },
});
