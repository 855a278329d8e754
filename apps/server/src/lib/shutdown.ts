/**
 * Set once a shutdown signal arrived. Ctrl-C reaches the embedded PostgreSQL too (same process group), so
 * connections drop while we stop: expected then, and logged quietly rather than as errors.
 */
let stopping = false;

export const isStopping = () => stopping;

export function markStopping() {
  stopping = true;
}
