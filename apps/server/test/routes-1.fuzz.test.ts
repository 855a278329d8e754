import { fuzzShard } from './fuzz/route-fuzz.ts';

// the fuzz of every route (fuzz/route-fuzz.ts), half of the routes in each of two files so that
// both cores work.
await fuzzShard(0, 2);
