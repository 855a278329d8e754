import { defineConfig } from 'vite';
import { precompress } from '../../scripts/vite-precompress.ts';

// feed.js: the album feed's own script, beside player.js on an album's pages (and nowhere else).
export default defineConfig({
  plugins: [precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    target: 'es2020',
    lib: { entry: 'src/feed.ts', formats: ['iife'], name: 'LeadReelFeed', fileName: () => 'feed.js' },
  },
});
