import { defineConfig } from 'vite';

// facade.js: the player before play, which the server inlines in each page that holds a player (so no request
// of its own), allowed by its hash in the page's CSP. Not compressed here: it travels inside the page.
export default defineConfig({
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    target: 'es2020',
    lib: { entry: 'src/facade-entry.ts', formats: ['iife'], name: 'LeadReelFacade', fileName: () => 'facade.js' },
  },
});
