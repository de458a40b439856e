import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
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
