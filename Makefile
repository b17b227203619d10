# Venue Platform. `make run` and `make test` do all the set-up on a fresh machine.
SHELL := /bin/bash
GO ?= go
BIN := bin/venue
VERSION ?= $(shell git describe --tags --always --dirty 2>/dev/null || echo dev)
LDFLAGS := -s -w -X github.com/venueplatform/venue/platform.Version=$(VERSION)
# Packages whose tests need a database: they run on SQLite, and on MySQL when VENUE_TEST_MYSQL_DSN is set.
DB_PKGS := ./api/... ./internal/... ./modules/... ./platform/routefuzz/

# CI sets CI=true: every test runs again there. On a developer's machine the Go test cache
# answers for the packages that did not change (`make check`, `make test`).
GOTEST_FLAGS ?= $(if $(filter true,$(CI)),-count=1,)
# Packages run two at a time (the cores); the tests of a package mostly wait on a database or
# a server, so more of them than cores run side by side.
GOTEST_PAR ?= -p 2 -parallel 4
# Turns `go test -json` into package results, failed tests' output and a closing count; in CI
# a skip that .ci/skips does not list (with its reason) fails the run.
TESTSUM = $(GO) run ./scripts/testsum $(if $(filter true,$(CI)),-skips .ci/skips,)
# Packages the race detector runs over in `make test` (their tests run only that way there).
RACE_PKGS := ./workflows/... ./internal/...
STAGE := scripts/stage.sh
export STAGE_LOG := $(CURDIR)/bin/.stages

.PHONY: run build console console-deps go-deps check check-go test test-static test-go test-race test-fuzz test-mysql test-console test-e2e e2e-deps test-fonts lint bench clean api-types

run: build
	./$(BIN) seed --demo
	./$(BIN) serve

build: console go-deps
	$(GO) build -ldflags "$(LDFLAGS)" -o $(BIN) ./cmd/venue

go-deps:
	$(GO) mod download

console-deps:
	@if [ ! -d console/node_modules ] || [ console/package-lock.json -nt console/node_modules/.package-lock.json ]; then \
		cd console && export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 && { npm ci --no-audit --no-fund || npm install --no-audit --no-fund; }; \
	fi

# Builds the console and copies it where the binary embeds it from.
console: console-deps
	cd console && npm run build
	rm -rf internal/webui/dist && mkdir -p internal/webui/dist && touch internal/webui/dist/.keep
	cp -r console/dist/. internal/webui/dist/

# The console's API types: the OpenAPI snapshot from the Go route registry (no server,
# no configured database), then api.gen.d.ts from it. Commit both; tests fail when they are stale.
api-types:
	$(GO) run ./cmd/venue openapi -o console/src/services/openapi.json
	cd console && node scripts/gen-api-types.mjs

# While working: the static gate, the short Go tests (the cache answers for what did not change)
# and the console's typecheck, lint and unit tests. A few minutes at most.
check: check-go check-console

check-go: go-deps lint-go
	set -o pipefail; $(GO) test -short $(GOTEST_FLAGS) $(GOTEST_PAR) -json ./... | $(TESTSUM) -title "short Go tests"

# Everything, stage by stage, each timed; a failed stage does not stop the later ones.
test: go-deps console-deps test-fonts
	@mkdir -p bin && $(STAGE) --reset
	@$(STAGE) "static gate" $(MAKE) --no-print-directory test-static
	@$(STAGE) "Go on SQLite" $(MAKE) --no-print-directory test-go
	@$(STAGE) "Go race detector" $(MAKE) --no-print-directory test-race
	@$(STAGE) "Go on MySQL" $(MAKE) --no-print-directory test-mysql
	@$(STAGE) "fuzz" $(MAKE) --no-print-directory test-fuzz
	@$(STAGE) "console" $(MAKE) --no-print-directory test-console
	@$(STAGE) "browser" $(MAKE) --no-print-directory test-e2e
	@$(STAGE) --summary

# The static gate: gofmt, go vet and golangci-lint; the console's typecheck and lint.
test-static: lint-go lint-console

# Every Go test on SQLite, but the packages the race stage runs.
test-go: go-deps test-fonts
	set -o pipefail; $(GO) test $(GOTEST_FLAGS) $(GOTEST_PAR) -timeout 20m -json \
		$$($(GO) list ./... | grep -v -e '/workflows' -e '/internal/') | $(TESTSUM) -title "Go on SQLite"

test-race: go-deps
	set -o pipefail; $(GO) test -race $(GOTEST_FLAGS) $(GOTEST_PAR) -timeout 20m -json $(RACE_PKGS) | $(TESTSUM) -title "Go race detector"

# Runs every Go fuzz target briefly (their seed corpora under testdata/fuzz run in test-go too).
FUZZ_TIME ?= 10s
test-fuzz: go-deps
	GO=$(GO) FUZZ_TIME=$(FUZZ_TIME) scripts/fuzz.sh

test-mysql: go-deps
	@if [ -n "$$VENUE_TEST_MYSQL_DSN" ]; then \
		echo "== Go tests on MySQL ($$VENUE_TEST_MYSQL_DSN)"; \
		set -o pipefail; VENUE_TEST_DB=mysql $(GO) test $(GOTEST_FLAGS) $(GOTEST_PAR) -timeout 20m -json $(DB_PKGS) | $(TESTSUM) -title "Go on MySQL"; \
	else echo "== VENUE_TEST_MYSQL_DSN not set: MySQL tests skipped"; fi

test-console: console-deps
	cd console && npm test

# The QR sheet's PDF tests print Chinese and Thai table names: they need these Debian fonts.
# Each is checked on its own (one present does not mean both are); CI fails a test that skips.
FONTS := /usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf /usr/share/fonts/truetype/tlwg/Loma.ttf
test-fonts:
	@for f in $(FONTS); do [ -e $$f ] || missing=1; done; \
	if [ -n "$$missing" ] && command -v apt-get >/dev/null && [ "$$(id -u)" = 0 ]; then \
		apt-get update -qq && apt-get install -y -qq fonts-droid-fallback fonts-tlwg-loma-ttf >/dev/null; \
	fi

e2e-deps:
	@command -v chromium >/dev/null || test -x /usr/bin/chromium || (apt-get update -qq && apt-get install -y -qq chromium)

test-e2e: build e2e-deps
	scripts/e2e.sh ./$(BIN)

lint: lint-go lint-console

# The Go static gate: golangci-lint with .golangci.yml, pinned in its own module (tools/go.mod) so it
# never enters the product's go.mod; built once into bin/, again only when tools/go.mod or go.sum changes.
GOLANGCI_LINT := bin/golangci-lint
$(GOLANGCI_LINT): tools/go.mod tools/go.sum
	cd tools && GOWORK=off $(GO) build -o ../$(GOLANGCI_LINT) github.com/golangci/golangci-lint/v2/cmd/golangci-lint

# gofmt over every tracked file first: golangci-lint formats only the files this platform's build loads.
.PHONY: lint-go
lint-go: $(GOLANGCI_LINT)
	@test -z "$$(gofmt -l $$(git ls-files '*.go'))" || (gofmt -l $$(git ls-files '*.go'); exit 1)
	$(GOLANGCI_LINT) run ./...

# The console's static gate: tsc over src, tests and config; Biome's lint (console/biome.jsonc).
lint-console: console-deps
	cd console && npm run typecheck
	cd console && npm run lint

# The console's part of `make check`: its static gate and its unit tests (vitest).
check-console: lint-console
	cd console && npm test

bench: build
	scripts/bench.sh ./$(BIN)

clean:
	rm -rf bin console/dist
	rm -rf internal/webui/dist && mkdir -p internal/webui/dist && touch internal/webui/dist/.keep
