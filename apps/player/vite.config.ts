import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { defineConfig } from 'vite';
import { precompress } from '../../scripts/vite-precompress.ts';

// One small classic script (player.js) for watch pages and embeds; hls.js stays a separate file that the
// player fetches only when the viewer presses play. It is copied beside player.js (hls.js without the subtitle
// and alternate-audio parsers of the full build), so the server finds it built and compressed like ours.
export default defineConfig({
  plugins: [
    {
      name: 'leadreel-hls-light',
      apply: 'build',
      async generateBundle() {
        const file = createRequire(import.meta.url).resolve('hls.js/dist/hls.light.min.js');
        this.emitFile({ type: 'asset', fileName: 'hls.light.min.js', source: await readFile(file) });
      },
    },
    precompress(),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2020',
    lib: { entry: 'src/player.ts', formats: ['iife'], name: 'LeadReelPlayer', fileName: () => 'player.js' },
  },
});
