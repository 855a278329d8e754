import { defineConfig } from 'vite';

// controls.js: loaded only when the viewer presses play, so the facade stays as light as a poster.
export default defineConfig({
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    target: 'es2020',
    lib: {
      entry: 'src/controls-entry.ts',
      formats: ['iife'],
      name: 'LeadReelControlsBundle',
      fileName: () => 'controls.js',
    },
  },
});
