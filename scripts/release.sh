#!/usr/bin/env bash
# Builds the archives analysts download (`task release` runs this): one per
# system, each a folder batch-VERSION-OS-ARCH/ holding the program
# (batch.exe on Windows), README.md and samples/; a .zip for Windows, a
# .tar.gz for the others; and SHA256SUMS beside them.
#
#   scripts/release.sh [VERSION]      e.g. scripts/release.sh v0.4.0
#
# VERSION (or $VERSION) defaults to the tag at HEAD (v…), else to
# cmd/batch/version.go's sourceVersion with -dev.COMMIT. The program is
# built from a git checkout, so that `batch version` names the version and
# the commit ("batch version v0.4.0 (commit bd4502ef97df, 2026-12-01T…)");
# uncommitted changes are said there too. Archives land in $DIST (dist/);
# the same commit gives the same bytes. Needs Go and git, nothing else.
set -euo pipefail
cd "$(dirname "$0")/.."
version=${1:-${VERSION:-}}
if [ -z "$version" ]; then
  version=$(git describe --tags --exact-match --match 'v[0-9]*' 2>/dev/null || true)
fi
if [ -z "$version" ]; then
  base=$(sed -n 's/^const sourceVersion = "\(v[^"]*\)"$/\1/p' cmd/batch/version.go)
  [ -n "$base" ] || { echo "release.sh: no sourceVersion in cmd/batch/version.go" >&2; exit 1; }
  version=$base-dev.$(git rev-parse --short=12 HEAD)
fi
case $version in
  v[0-9]*) ;;
  *) echo "release.sh: version $version: give v and a number, such as v0.4.0" >&2; exit 2 ;;
esac
case $version in
  *[!A-Za-z0-9._+-]*) echo "release.sh: version $version: letters, digits and . _ + - only" >&2; exit 2 ;;
esac
when=$(TZ=UTC0 git log -1 --date='format-local:%Y-%m-%dT%H:%M:%SZ' --format=%cd)
# The commit, set at link time too: the go command records none in a git
# worktree (it looks for a .git folder).
commit="-X main.commit=$(git rev-parse HEAD) -X main.commitTime=$when"
if [ -n "$(git status --porcelain --untracked-files=no)" ]; then
  commit="$commit -X main.commitModified=true"
fi
dist=${DIST:-dist}
rm -rf "$dist"
mkdir -p "$dist/.stage"
stage=$(cd "$dist/.stage" && pwd)
for target in windows/amd64 windows/arm64 darwin/arm64 darwin/amd64 linux/amd64; do
  goos=${target%/*}
  goarch=${target#*/}
  name=batch-$version-$goos-$goarch
  program=batch
  archive=$name.tar.gz
  if [ "$goos" = windows ]; then
    program=batch.exe
    archive=$name.zip
  fi
  mkdir -p "$stage/$name/samples"
  CGO_ENABLED=0 GOOS=$goos GOARCH=$goarch go build -trimpath -buildvcs=true \
    -ldflags "-s -w -X main.version=$version $commit" -o "$stage/$name/$program" ./cmd/batch
  cp README.md "$stage/$name/"
  cp samples/* "$stage/$name/samples/"
  go run ./scripts/mkarchive -o "$dist/$archive" -time "$when" "$stage/$name"
  echo "$dist/$archive"
done
rm -rf "$stage"
sum=(sha256sum --)
command -v sha256sum >/dev/null || sum=(shasum -a 256 --) # macOS
(cd "$dist" && "${sum[@]}" *.zip *.tar.gz >SHA256SUMS)
echo "$dist/SHA256SUMS"
