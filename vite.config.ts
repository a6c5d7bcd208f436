import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

/** Vite's chunk-size limit (kB, minified): the entry and what it loads up front stay under it. */
const CHUNK_LIMIT_KB = 500;

/**
 * Vite's own chunk-size warning is in English and cannot tell a chunk loaded up front from one
 * loaded on demand. This one speaks Spanish: a chunk over the limit that the first screen loads is
 * a warning to act on; one loaded only on demand (the Excel library when exporting) is named as such.
 */
function chunkSizeReport(): Plugin {
  return {
    name: 'erp-chunk-size',
    apply: 'build',
    generateBundle(_options, bundle) {
      const upFront = new Set<string>();
      const visit = (name: string) => {
        const chunk = bundle[name];
        if (!chunk || chunk.type !== 'chunk' || upFront.has(name)) return;
        upFront.add(name);
        chunk.imports.forEach(visit);
      };
      for (const [name, chunk] of Object.entries(bundle)) if (chunk.type === 'chunk' && chunk.isEntry) visit(name);
      for (const [name, chunk] of Object.entries(bundle)) {
        if (chunk.type !== 'chunk') continue;
        const kb = Math.round(Buffer.byteLength(chunk.code) / 1000);
        if (kb <= CHUNK_LIMIT_KB) continue;
        if (upFront.has(name)) this.warn(`El fragmento ${name} pesa ${kb} kB (límite ${CHUNK_LIMIT_KB} kB) y se carga al abrir la aplicación: divídelo.`);
        else console.log(`Nota: el fragmento ${name} pesa ${kb} kB (más de ${CHUNK_LIMIT_KB} kB) y se carga solo bajo demanda, no al abrir la aplicación.`);
      }
    },
  };
}

// The SPA lives in client/; `npm run build` writes dist/client, which the
// server serves on the same port as /api.
export default defineConfig({
  root: 'client',
  plugins: [react(), chunkSizeReport()],
  build: {
    outDir: '../dist/client',
    emptyOutDir: true,
    sourcemap: false,
    // chunkSizeReport() above says it, in Spanish.
    chunkSizeWarningLimit: Number.POSITIVE_INFINITY,
    rolldownOptions: {
      output: {
        // The libraries the first screen loads anyway (React and its router, Apollo), in chunks of
        // their own: the entry stays under the limit and a deploy that changes only our code leaves
        // them cached. Mantine is not grouped: most of it loads with the screens that use it.
        codeSplitting: {
          groups: [
            { name: 'vendor-react', test: /[\\/]node_modules[\\/](react|react-dom|react-router|react-router-dom|scheduler)[\\/]/, priority: 2 },
            { name: 'vendor-apollo', test: /[\\/]node_modules[\\/](@apollo[\\/]client|graphql|graphql-ws|rxjs|@wry|optimism)[\\/]/, priority: 1 },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    // Same PORT as the API server started by `npm run dev`.
    proxy: { '/api': { target: `http://127.0.0.1:${process.env.PORT ?? 4000}`, ws: true } },
  },
});
