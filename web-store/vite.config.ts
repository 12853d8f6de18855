import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const contractsDir = fileURLToPath(new URL('../libs/contracts/src/', import.meta.url));
const gateway = process.env.LR_GATEWAY_URL ?? 'http://localhost:3000';

/**
 * Dev server only: the gateway refuses state-changing requests from another origin (CSRF), and the
 * dev server is another origin, so proxied requests present the gateway's own origin.
 */
const proxyToGateway = {
  target: gateway,
  changeOrigin: true,
  configure(proxy: {
    on(
      event: 'proxyReq',
      listener: (req: { setHeader(name: string, value: string): void }) => void,
    ): void;
  }) {
    proxy.on('proxyReq', (req) => req.setHeader('origin', new URL(gateway).origin));
  },
};

export default defineConfig({
  base: '/',
  plugins: [react()],
  resolve: {
    // The contracts library is ESM TypeScript source: bundle it directly, no build of the lib
    // needed. A subpath (`@lr/contracts/http/v1`) is one module of it.
    alias: [
      {
        find: /^@lr\/contracts\/(.+)$/,
        replacement: fileURLToPath(new URL('../libs/contracts/src/$1.ts', import.meta.url)),
      },
      {
        find: /^@lr\/contracts$/,
        replacement: fileURLToPath(new URL('../libs/contracts/src/index.ts', import.meta.url)),
      },
    ],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rollupOptions: {
      // The shared contracts only declare constants and schemas: what the store does not use of
      // them (the server's messages, the response schemas it takes only types from) stays out.
      treeshake: { moduleSideEffects: (id: string) => !id.startsWith(contractsDir) },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': proxyToGateway,
      '/media': proxyToGateway,
    },
  },
  preview: {
    port: 4173,
  },
});
