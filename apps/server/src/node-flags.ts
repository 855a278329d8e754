/**
 * The V8 flags every LeadReel server process runs with: `make start` and `make worker` (the Makefile spells
 * them out; node-flags.test.ts keeps it in step), the e2e suite and the benchmarks (both import this).
 *
 * --max-semi-space-size=1 (MiB; V8 lets the young generation grow to 16): each socket read of an upload, and
 * each chunk of a segment sent to a viewer, is a fresh buffer outside the JavaScript heap. V8 runs a full
 * collection of the whole heap every 64 MB of such buffers unless a young-generation collection has freed
 * them first, and with a large young generation it rarely has: a 2 GiB upload cost 45 to 100 full
 * collections (about 3 CPU-seconds on a two-core machine, a quarter of the server's work beside writing the
 * bytes). A small young generation is collected every megabyte of JavaScript allocation, freeing the spent
 * buffers cheaply; the same upload then costs 3 to 10 (bench:upload, docs/decisions/0016-young-generation.md).
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=1'] as const;
