import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from '../../scripts/vite-precompress.ts';

export default defineConfig({
  plugins: [react(), precompress()],
  server: { proxy: { '/api': `http://127.0.0.1:${process.env.API_PORT ?? 8080}` } },
  build: { outDir: 'dist', emptyOutDir: true },
});
