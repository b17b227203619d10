# Venue Platform. `make run` and `make test` do all the set-up on a fresh machine.
SHELL := /bin/bash
GO ?= go
BIN := bin/venue
VERSION ?= $(shell git describe --tags --always --dirty 2>/dev/null || echo dev)
LDFLAGS := -s -w -X github.com/venueplatform/venue/platform.Version=$(VERSION)
# Packages whose tests need a database: they run on SQLite, and on MySQL when VENUE_TEST_MYSQL_DSN is set.
DB_PKGS := ./api/... ./internal/... ./modules/... ./platform/routefuzz/

.PHONY: run build console console-deps go-deps test test-go test-fuzz test-mysql test-console test-e2e e2e-deps test-fonts lint bench clean api-types

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

test: test-go test-fuzz test-mysql test-console test-e2e

test-go: go-deps console-deps test-fonts
	$(GO) vet ./...
	$(GO) test -count=1 -timeout 30m ./...

# Runs every Go fuzz target briefly (their seed corpora under testdata/fuzz run in test-go too).
FUZZ_TIME ?= 10s
test-fuzz: go-deps
	GO=$(GO) FUZZ_TIME=$(FUZZ_TIME) scripts/fuzz.sh

test-mysql: go-deps
	@if [ -n "$$VENUE_TEST_MYSQL_DSN" ]; then \
		echo "== Go tests on MySQL ($$VENUE_TEST_MYSQL_DSN)"; \
		VENUE_TEST_DB=mysql $(GO) test -count=1 -timeout 30m $(DB_PKGS); \
	else echo "== VENUE_TEST_MYSQL_DSN not set: MySQL tests skipped"; fi

test-console: console-deps
	cd console && npm test

# The QR sheet's PDF tests print Chinese and Thai table names: they need these Debian fonts (skipped without).
test-fonts:
	@if [ ! -e /usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf ] && command -v apt-get >/dev/null && [ "$$(id -u)" = 0 ]; then \
		apt-get update -qq && apt-get install -y -qq fonts-droid-fallback fonts-tlwg-loma-ttf >/dev/null; \
	fi

e2e-deps:
	@command -v chromium >/dev/null || test -x /usr/bin/chromium || (apt-get update -qq && apt-get install -y -qq chromium)

test-e2e: build e2e-deps
	scripts/e2e.sh ./$(BIN)

lint:
	@test -z "$$(gofmt -l $$(git ls-files '*.go'))" || (gofmt -l $$(git ls-files '*.go'); exit 1)
	$(GO) vet ./...
	cd console && npm run typecheck

bench: build
	scripts/bench.sh ./$(BIN)

clean:
	rm -rf bin console/dist
	rm -rf internal/webui/dist && mkdir -p internal/webui/dist && touch internal/webui/dist/.keep
