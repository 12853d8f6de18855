import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';

const contracts = fileURLToPath(new URL('../libs/contracts/src/index.ts', import.meta.url));
const contractsDir = fileURLToPath(new URL('../libs/contracts/src/', import.meta.url));
const gateway = process.env.LR_GATEWAY_URL ?? 'http://localhost:3000';
const pageTitle = fileURLToPath(new URL('./src/layout/page-title.tsx', import.meta.url));

/**
 * react-admin's `Title` imports its configurable page title, whose editor brings MUI's TextField
 * (and with it Select, Menu, Popover, Modal) into every screen's first load, for a mode the
 * console never turns on. This gives `Title` the console's plain title instead.
 */
function plainPageTitle(): Plugin {
  return {
    name: 'lr-plain-page-title',
    enforce: 'pre',
    resolveId(source, importer) {
      if (
        source === './PageTitleConfigurable.js' &&
        importer?.replace(/\\/g, '/').includes('/ra-ui-materialui/dist/layout/Title.js')
      )
        return pageTitle;
      return null;
    },
  };
}

// The console is served by the gateway under /admin/ and uses a hash router, so the gateway only
// needs to serve /admin/index.html; in development the API calls are proxied to the gateway.
export default defineConfig({
  base: '/admin/',
  plugins: [plainPageTitle(), react()],
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
