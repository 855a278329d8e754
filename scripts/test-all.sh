#!/usr/bin/env bash
# Runs every check of `make test`, goes on past failures, and ends with one line "N passed, N failed"
# summing all suites. Exits non-zero when anything failed.
set -uo pipefail
cd "$(dirname "$0")/.."
results=.stamps/results
rm -rf "$results" && mkdir -p "$results"
passed=0 failed=0

started=$SECONDS
add() { # name passed failed [since]: one line per suite, with the seconds it took (the budget is 20 minutes in all)
  passed=$((passed + $2)) failed=$((failed + $3))
  printf '%-28s %4d passed, %4d failed %5d s\n' "$1" "$2" "$3" $((SECONDS - ${4:-$started})) >>"$results/summary.txt"
  started=$SECONDS
}

check() { # name command...: one check, passed when the command exits 0
  local name=$1; shift
  echo "=== $name: $*"
  if "$@"; then add "$name" 1 0; else add "$name" 0 1; fi
}

vitest_suite() { # name vitest-args...
  local name=$1; shift
  local out="$results/$name.json"
  echo "=== $name"
  npx vitest run "$@" --reporter=default --reporter=json --outputFile.json="$out"
  local rc=$?
  if [ -f "$out" ]; then
    read -r p f < <(node -e 'const r=require(process.argv[1]);console.log(r.numPassedTests, r.numFailedTests + (r.numRuntimeErrors ?? 0))' "$(realpath "$out")")
    # A crash outside any test still fails the suite, and so does a suite that ran no test at all (a broken
    # global setup reports "no test files" and must not pass as 0 passed, 0 failed).
    [ "$rc" -ne 0 ] && [ "$f" -eq 0 ] && f=1
    [ "$p" -eq 0 ] && [ "$f" -eq 0 ] && f=1
    add "$name" "$p" "$f"
  else
    add "$name" 0 1
  fi
}

# e2e runs beside every other suite: much of it, and of the integration suites, is waiting on ffmpeg (at nice 15),
# the browser or PostgreSQL, and one after the other they left a third of two cores idle. Its own port (8181),
# data folder and output file; the other suites take free ports.
echo "=== e2e: started, its output follows the other suites"
# Absolute: Playwright resolves a relative path against e2e/.
export PLAYWRIGHT_JSON_OUTPUT_NAME=$PWD/$results/e2e.json
E2E_DATA_DIR=$(mktemp -d /tmp/leadreel-e2e.XXXXXX)
chmod 755 "$E2E_DATA_DIR" # embedded PostgreSQL runs as the postgres user
export E2E_DATA_DIR
rm -rf e2e/screenshots
e2e_started=$SECONDS
# A session of its own, so that a stopped run (Ctrl-C, a CI timeout) stops it too, browser and server included.
setsid npx playwright test -c e2e/playwright.config.ts --reporter=list,json >"$results/e2e.log" 2>&1 &
e2e_pid=$!
trap 'kill -- -"$e2e_pid" 2>/dev/null' INT TERM

check format npx biome format .
check lint npx biome lint --error-on-warnings .
check types npm run --silent typecheck
check openapi-drift node apps/server/src/cli/openapi.ts --check

vitest_suite unit --project unit --project web
vitest_suite system --project system
TEST_EXPECT_PG_MAJOR=18 vitest_suite integration-pg18 --project integration
# The fuzz of every route runs once, on PostgreSQL 18: hostile input is answered the same on either version.
# Its own run: two projects with one global setup in one vitest run start no test at all.
TEST_EXPECT_PG_MAJOR=18 vitest_suite fuzz --project fuzz

pg15_dir=$(mktemp -d /tmp/leadreel-pg15.XXXXXX)
pg15_port=$(node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')
if pg15_url=$(./scripts/pg15.sh start "$pg15_dir" "$pg15_port"); then
  # Files about processes rather than SQL run once, in the PostgreSQL 18 pass: the outage test starts its own
  # clusters whatever the suite's database, and the crash test is about ffmpeg dying with its worker.
  TEST_DATABASE_URL=$pg15_url TEST_EXPECT_PG_MAJOR=15 vitest_suite integration-pg15 --project integration \
    --exclude apps/server/test/database-outage.int.test.ts --exclude apps/server/test/media-crash.int.test.ts
else
  add integration-pg15 0 1
fi
./scripts/pg15.sh stop "$pg15_dir"

# e2e, started first, ends here: its output is shown whole once it is done.
wait "$e2e_pid"
e2e_rc=$?
echo "=== e2e (ran beside the suites above)"
cat "$results/e2e.log"
rm -rf "$E2E_DATA_DIR"
if [ -f "$results/e2e.json" ]; then
  read -r p f < <(node -e 'const s=require(process.argv[1]).stats;console.log(s.expected + s.flaky, s.unexpected)' "$(realpath "$results/e2e.json")")
  [ "$e2e_rc" -ne 0 ] && [ "$f" -eq 0 ] && f=1
  add e2e "$p" "$f" "$e2e_started"
else
  add e2e 0 1 "$e2e_started"
fi

echo
echo "=== results"
cat "$results/summary.txt"
echo "all suites: $SECONDS s"
echo "$passed passed, $failed failed" | tee "$results/total.txt"
[ "$failed" -eq 0 ]
