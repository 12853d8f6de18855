import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const gateway = process.env.LR_GATEWAY_URL ?? 'http://localhost:3000';

export default defineConfig({
  base: '/',
  plugins: [react()],
  resolve: {
    alias: {
      // The contracts library is ESM TypeScript source: bundle it directly, no build of the lib needed.
      '@lr/contracts': fileURLToPath(new URL('../libs/contracts/src/index.ts', import.meta.url)),
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: gateway, changeOrigin: false },
      '/media': { target: gateway, changeOrigin: false },
    },
  },
  preview: {
    port: 4173,
  },
});
