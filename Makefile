# LeadReel: `make start` serves it, `make test` checks everything. Both install what is missing first.
SHELL := /bin/bash
.SHELLFLAGS := -eo pipefail -c
.DEFAULT_GOAL := start

NODE_BIN := $(shell ./scripts/bootstrap-node.sh)
ifeq ($(NODE_BIN),)
$(error could not find or install Node 24)
endif
export PATH := $(NODE_BIN):$(PATH)
# Native addons build against the Node that runs them, not the machine's older headers.
export npm_config_nodedir := $(abspath $(NODE_BIN)/..)
export npm_config_update_notifier := false
export npm_config_fund := false
export npm_config_audit := false
# Playwright never downloads a browser here: it drives Debian's chromium.
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD := 1
# Node keeps the code it compiles from our TypeScript and the packages on disk: a server, a worker or
# `leadreel admin` starts in about two thirds of the time after the first (and make test starts dozens).
export NODE_COMPILE_CACHE := $(CURDIR)/.stamps/node-compile-cache

STAMPS := .stamps
PACKAGES := package.json package-lock.json $(wildcard apps/*/package.json packages/*/package.json)
WEB_SOURCES := $(shell find apps/web/src apps/web/public apps/player/src packages/shared/src -type f 2>/dev/null) \
	$(wildcard apps/web/index.html apps/web/vite.config.ts apps/player/vite.config.ts apps/player/vite.controls.config.ts apps/player/vite.feed.config.ts)

.PHONY: start test install build worker system-deps-start system-deps-test

$(STAMPS)/npm: $(PACKAGES)
	@mkdir -p $(STAMPS)
	@# npm ci refuses a lockfile without the optional binaries of other platforms, which this registry lacks;
	@# npm install keeps the locked versions and skips optional packages it cannot get.
	npm install --no-audit --no-fund --loglevel=error
	@touch $@

install: $(STAMPS)/npm

apps/web/dist/index.html: $(STAMPS)/npm $(WEB_SOURCES)
	npm run build --silent

build: apps/web/dist/index.html

system-deps-start:
	@./scripts/system-deps.sh start

system-deps-test:
	@./scripts/system-deps.sh test

## make start: install what is missing, build the console, migrate and serve on http://localhost:8080
start: system-deps-start install build
	exec node --max-semi-space-size=1 apps/server/src/main.ts

## make worker: workers only (no HTTP), for scaling media work apart from the API
worker: install
	exec node --max-semi-space-size=1 apps/server/src/worker.ts

## make test: format, lint, types, unit, integration (PostgreSQL 18 embedded and 15), e2e in Chromium
test: system-deps-test install build
	./scripts/test-all.sh
