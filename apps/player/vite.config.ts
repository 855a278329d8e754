import { defineConfig } from 'vite';

// One small classic script (player.js) for watch pages and embeds; hls.js stays a separate file that the
// player fetches only when the viewer presses play.
export default defineConfig({
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2020',
    lib: { entry: 'src/player.ts', formats: ['iife'], name: 'LeadReelPlayer', fileName: () => 'player.js' },
  },
});
