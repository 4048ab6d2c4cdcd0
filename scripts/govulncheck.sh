#!/usr/bin/env bash
# Reachable known vulnerabilities in batch and its dependencies, by the Go
# vulnerability database (https://vuln.go.dev). Exits non-zero when a
# vulnerable function is reachable from batch's code; vulnerabilities only
# in modules or packages the code never calls are listed but do not fail.
#
#   scripts/govulncheck.sh            # source mode: call graph of ./...
#   GOVULNCHECK=v1.1.4 scripts/govulncheck.sh   # pin the tool's version
#
# Needs network access to proxy.golang.org and vuln.go.dev.
set -euo pipefail
cd "$(dirname "$0")/.."
version="${GOVULNCHECK:-latest}"
exec go run "golang.org/x/vuln/cmd/govulncheck@${version}" -show verbose ./...
