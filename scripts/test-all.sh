#!/usr/bin/env bash
# Runs every check of `make test`, goes on past failures, and ends with one line "N passed, N failed"
# summing all suites. Exits non-zero when anything failed.
#
# Two lanes run side by side: one after the other the suites left about a third of two cores idle (much of
# e2e and of the integration suites is waiting on ffmpeg at nice 15, the browser or PostgreSQL), and the run
# was over its 20 minutes. Lane 1: the checks, unit, system, integration on PostgreSQL 18, then on 15; lane 2:
# e2e (its own port, 8181, and data folder), then the fuzz (the lanes took 623 and 620 s so, against 689 and
# 561 with the fuzz in lane 1). Every suite takes free ports and a database of its own. Lane 2's output is
# shown whole when it is done, so that neither interleaves.
set -uo pipefail
cd "$(dirname "$0")/.."
results=.stamps/results
rm -rf "$results" && mkdir -p "$results"
run_started=$SECONDS

record() { # name passed failed seconds: one line per suite (the budget is 20 minutes in all)
  printf '%-28s %4d passed, %4d failed %5d s\n' "$1" "$2" "$3" "$4" >>"$results/summary.txt"
}

check() { # name command...: one check, passed when the command exits 0
  local name=$1 started=$SECONDS; shift
  echo "=== $name: $*"
  if "$@"; then record "$name" 1 0 $((SECONDS - started)); else record "$name" 0 1 $((SECONDS - started)); fi
}

vitest_suite() { # name vitest-args...
  local name=$1 started=$SECONDS; shift
  local out="$results/$name.json"
  echo "=== $name"
  npx vitest run "$@" --reporter=default --reporter=json --outputFile.json="$out"
  local rc=$? p=0 f=1
  if [ -f "$out" ]; then
    read -r p f < <(node -e 'const r=require(process.argv[1]);console.log(r.numPassedTests, r.numFailedTests + (r.numRuntimeErrors ?? 0))' "$(realpath "$out")")
    # A crash outside any test still fails the suite, and so does a suite that ran no test at all (a broken
    # global setup reports "no test files" and must not pass as 0 passed, 0 failed).
    [ "$rc" -ne 0 ] && [ "$f" -eq 0 ] && f=1
    [ "$p" -eq 0 ] && [ "$f" -eq 0 ] && f=1
  fi
  record "$name" "$p" "$f" $((SECONDS - started))
}

e2e_suite() {
  local started=$SECONDS p=0 f=1
  echo "=== e2e"
  # Absolute: Playwright resolves a relative path against e2e/.
  export PLAYWRIGHT_JSON_OUTPUT_NAME=$PWD/$results/e2e.json
  E2E_DATA_DIR=$(mktemp -d /tmp/leadreel-e2e.XXXXXX)
  chmod 755 "$E2E_DATA_DIR" # embedded PostgreSQL runs as the postgres user
  export E2E_DATA_DIR
  rm -rf e2e/screenshots
  npx playwright test -c e2e/playwright.config.ts --reporter=list,json
  local rc=$?
  rm -rf "$E2E_DATA_DIR"
  if [ -f "$results/e2e.json" ]; then
    read -r p f < <(node -e 'const s=require(process.argv[1]).stats;console.log(s.expected + s.flaky, s.unexpected)' "$(realpath "$results/e2e.json")")
    [ "$rc" -ne 0 ] && [ "$f" -eq 0 ] && f=1
  fi
  record e2e "$p" "$f" $((SECONDS - started))
}

pg15_suite() {
  local pg15_dir pg15_port pg15_url
  pg15_dir=$(mktemp -d /tmp/leadreel-pg15.XXXXXX)
  pg15_port=$(node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')
  if pg15_url=$(./scripts/pg15.sh start "$pg15_dir" "$pg15_port"); then
    # Files about processes rather than SQL run once, in the PostgreSQL 18 pass: the outage test starts its own
    # clusters whatever the suite's database, and the crash test is about ffmpeg dying with its worker.
    TEST_DATABASE_URL=$pg15_url TEST_EXPECT_PG_MAJOR=15 vitest_suite integration-pg15 --project integration \
      --exclude apps/server/test/database-outage.int.test.ts --exclude apps/server/test/media-crash.int.test.ts
  else
    record integration-pg15 0 1 0
  fi
  ./scripts/pg15.sh stop "$pg15_dir"
}

fuzz_suite() {
  # The fuzz of every route runs once, on PostgreSQL 18: hostile input is answered the same on either version.
  # Its own run: two projects with one global setup in one vitest run start no test at all.
  TEST_EXPECT_PG_MAJOR=18 vitest_suite fuzz --project fuzz
}

echo "=== lane 2 (e2e, then the fuzz): started, its output follows lane 1's"
# A session of its own, so that a stopped run (Ctrl-C, a CI timeout) stops it too, browser and servers included.
setsid bash -c "set -uo pipefail; $(declare -f record vitest_suite e2e_suite fuzz_suite); results=$results; e2e_suite; fuzz_suite" \
  >"$results/lane2.log" 2>&1 &
lane2=$!
trap 'kill -- -"$lane2" 2>/dev/null' INT TERM

check format npx biome format .
check lint npx biome lint --error-on-warnings .
check types npm run --silent typecheck
check openapi-drift node apps/server/src/cli/openapi.ts --check

vitest_suite unit --project unit --project web
vitest_suite system --project system
TEST_EXPECT_PG_MAJOR=18 vitest_suite integration-pg18 --project integration
pg15_suite

wait "$lane2"
echo "=== lane 2's output"
cat "$results/lane2.log"
# A lane stopped before a suite ended (killed, crashed) fails that suite rather than leaving it out.
for suite in e2e fuzz; do
  grep -q "^$suite " "$results/summary.txt" || record "$suite" 0 1 0
done

echo
echo "=== results"
cat "$results/summary.txt"
read -r passed failed < <(awk '{p += $2; f += $4} END {print p + 0, f + 0}' "$results/summary.txt")
echo "all suites: $((SECONDS - run_started)) s"
echo "$passed passed, $failed failed" | tee "$results/total.txt"
[ "$failed" -eq 0 ]
