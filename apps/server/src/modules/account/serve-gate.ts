/**
 * Whether an account's media may still be served (playback stops once used traffic reaches the
 * plan's). Media requests ask it once per HLS segment, so an answer is reused for a few seconds instead of
 * reading the account each time: the same interval within which served bytes are counted (traffic-tally.ts),
 * and each save of served bytes forgets every answer, so none outlives the figures it was read from.
 */
export function createServeGate(deps: {
  /** The account's answer from its entitlements; false for an account that is gone. */
  ask: (accountId: string) => Promise<boolean>;
  reuseMs?: number;
  now?: () => number;
  /** Answers kept at most; past it they are all forgotten (a few bytes each; viewers of many accounts). */
  maxAccounts?: number;
}) {
  const { ask, reuseMs = 5000, now = () => performance.now(), maxAccounts = 10_000 } = deps;
  let answers = new Map<string, { until: number; may: boolean }>();
  return {
    async mayServe(accountId: string) {
      const known = answers.get(accountId);
      if (known && known.until > now()) return known.may;
      const may = await ask(accountId);
      if (answers.size >= maxAccounts) answers = new Map();
      answers.set(accountId, { until: now() + reuseMs, may });
      return may;
    },
    forget() {
      answers = new Map();
    },
  };
}
export type ServeGate = ReturnType<typeof createServeGate>;
