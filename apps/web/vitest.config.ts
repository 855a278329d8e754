import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    root: import.meta.dirname,
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test-setup.ts'],
    // One module graph per worker, not per file: importing antd and the console again for each of the 28 files
    // was half the suite's CPU. Each test still starts clean: test-setup unmounts and clears storage after it.
    isolate: false,
    maxWorkers: 2, // as the root config: both cores
    testTimeout: 120_000, // a limit for a loaded machine; a green test ends as soon as its waits are met
  },
});
