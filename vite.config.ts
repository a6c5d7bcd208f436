import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The SPA lives in client/; `npm run build` writes dist/client, which the
// server serves on the same port as /api.
export default defineConfig({
  root: 'client',
  plugins: [react()],
  build: { outDir: '../dist/client', emptyOutDir: true, sourcemap: false },
  server: {
    port: 5173,
    // Same PORT as the API server started by `npm run dev`.
    proxy: { '/api': { target: `http://127.0.0.1:${process.env.PORT ?? 4000}`, ws: true } },
  },
});
