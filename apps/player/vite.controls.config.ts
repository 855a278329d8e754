import { defineConfig } from 'vite';
import { precompress } from '../../scripts/vite-precompress.ts';

// controls.js: loaded only when the viewer presses play, so the facade stays as light as a poster.
export default defineConfig({
  plugins: [precompress()],
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
