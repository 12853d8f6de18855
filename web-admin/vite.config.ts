import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const contracts = fileURLToPath(new URL('../libs/contracts/src/index.ts', import.meta.url));
const contractsDir = fileURLToPath(new URL('../libs/contracts/src/', import.meta.url));
const gateway = process.env.LR_GATEWAY_URL ?? 'http://localhost:3000';

// The console is served by the gateway under /admin/ and uses a hash router, so the gateway only
// needs to serve /admin/index.html; in development the API calls are proxied to the gateway.
export default defineConfig({
  base: '/admin/',
  plugins: [react()],
  resolve: { alias: { '@lr/contracts': contracts } },
  server: {
    port: 5174,
    proxy: { '/api': gateway, '/media': gateway },
  },
  preview: { port: 4174 },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 2000,
    // bench/store-bundle.mjs follows it to add up what the first screen loads.
    manifest: true,
    rollupOptions: {
      // The shared contracts only declare constants and schemas: a page that takes one constant
      // must not carry every zod schema (and zod itself) into the console's first load.
      treeshake: { moduleSideEffects: (id: string) => !id.startsWith(contractsDir) },
    },
  },
});
