import { z } from 'zod';

/**
 * Zod compiles fast object parsers with `new Function` when it can, and first probes whether it can. Under a
 * Content-Security-Policy without 'unsafe-eval' (ours on the API reference, a customer's proxy in front of the
 * console) the caught probe is still reported as a violation. LeadReel's pages never evaluate code: every
 * bundle that parses with zod calls this before its first parse, and zod then uses its plain parsers.
 */
export function parseWithoutEval() {
  z.config({ jitless: true });
}

/**
 * The same, for a page whose bundle we do not build (Scalar's API reference carries its own copy of zod): an
 * inline script that runs first and sets what every zod on the page reads.
 */
export const PARSE_WITHOUT_EVAL_SCRIPT =
  '<script>globalThis.__zod_globalConfig=Object.assign(globalThis.__zod_globalConfig||{},{jitless:true})</script>';
