import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';

export default defineConfig({
  plugins: [
    react(),
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
        // React and the router change less often than our code: their own chunk stays cached across
        // deploys. Other libraries stay with their importers, so a page's libraries load with that page,
        // and each page keeps its own chunk named after its file (e.g. login-page-<hash>.js).
        codeSplitting: {
          groups: [{ name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser)[\\/]/ }],
        },
      },
    },
  },
});
