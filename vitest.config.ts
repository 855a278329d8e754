import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Both cores, also on a two-core machine (the default leaves one free): most integration time is spent
    // waiting on PostgreSQL and ffmpeg, and each test file has a database of its own.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'apps/server/src/**/*.test.ts', 'apps/player/src/**/*.test.ts'],
          exclude: ['**/*.int.test.ts', '**/*.sys.test.ts'],
          // A limit for a loaded machine, as the other projects have: make test runs e2e beside this suite, and
          // a property test of thousands of runs passed vitest's 5 s default there once stress-ng was added.
          testTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'integration',
          include: ['apps/server/**/*.int.test.ts'],
          globalSetup: ['apps/server/test/global-setup.ts'],
          // One module graph per worker, not per file: importing the server's modules again for each of the 46
          // files was a quarter of the suite's CPU (396 against 286 CPU-seconds, 228 against 178 s). Nothing a
          // test relies on lives in module state: each file makes its own app, database and services.
          isolate: false,
          // Limits, not expectations: a loaded machine may be several times slower than a quiet one, and the
          // ladder, encoded at nice 15, many times (a test of two 2-second clips passed 120 s beside stress-ng).
          testTimeout: 600_000,
          hookTimeout: 180_000,
        },
      },
      {
        // Real ffmpeg, real S3 protocol, real files; no database, so it runs once rather than per PostgreSQL.
        test: {
          name: 'system',
          include: ['apps/server/src/**/*.sys.test.ts'],
          // Background encodes run at nice 15 and yield to everything: beside stress-ng one took three minutes.
          testTimeout: 600_000,
          hookTimeout: 300_000,
        },
      },
      {
        // The property-based fuzz of every route: a real database, but what it checks (answers to hostile
        // input) does not change with the PostgreSQL version, so it runs once, beside the PostgreSQL 18 run.
        test: {
          name: 'fuzz',
          include: ['apps/server/test/**/*.fuzz.test.ts'],
          globalSetup: ['apps/server/test/global-setup.ts'],
          // A limit, not an expectation: a thousand runs of a sign-in route on a busy machine take minutes.
          testTimeout: 900_000,
          hookTimeout: 180_000,
        },
      },
      'apps/*/vitest.config.ts',
    ],
  },
});
