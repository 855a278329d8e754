import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { defineConfig } from 'vite';
import { precompress } from '../../scripts/vite-precompress.ts';

// One small classic script (player.js) for watch pages and embeds; hls.js stays a separate file that the
// player fetches only when the viewer presses play. It is copied beside player.js, so the server finds it built
// and compressed like ours: the light build (without the subtitle and alternate-audio parsers) for every
// video, and the full build for a dubbed video, whose languages are alternate audio renditions.
export default defineConfig({
  plugins: [
    {
      name: 'leadreel-hls-light',
      apply: 'build',
      async generateBundle() {
        for (const fileName of ['hls.light.min.js', 'hls.min.js']) {
          const file = createRequire(import.meta.url).resolve(`hls.js/dist/${fileName}`);
          this.emitFile({ type: 'asset', fileName, source: await readFile(file) });
        }
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
