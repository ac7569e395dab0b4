#!/usr/bin/env bash
# Install code-server (VS Code in the browser) into DEST for the real-editor
# end-to-end test (test/e2e/code-server/). Usage:
#
#   scripts/install-code-server.sh [DEST]      # default: .cache/code-server (git-ignored)
#
# Only the npm registry and Debian packages are used: code-server's own install
# scripts download prebuilt binaries from GitHub, so they are skipped
# (--ignore-scripts) and their work is done here instead — native modules are
# compiled from source against the local Node headers, and Debian's `rg` stands
# in for @vscode/ripgrep's downloaded binary.
#
# Needs:  apt-get install -y ripgrep libkrb5-dev python3 make g++
#
# code-server 4.100.3 (VS Code 1.100.3) is the last release that runs on
# Node 20. Idempotent: a finished install of the same version, built for the
# same Node ABI, is left alone (a few ms); otherwise it takes 2–3.5 minutes
# (two cores) and ~320 MB.
set -euo pipefail

VERSION=4.100.3
ROOT=$(cd "$(dirname "$0")/.." && pwd)
DEST=${1:-$ROOT/.cache/code-server}
mkdir -p "$DEST"
DEST=$(cd "$DEST" && pwd)
# Native modules are compiled for this Node's ABI: another Node means another install.
ABI=$(node -p process.versions.modules)
STAMP="$DEST/.installed-$VERSION-abi$ABI"
BIN="$DEST/node_modules/.bin/code-server"

if [ -f "$STAMP" ] && [ -x "$BIN" ]; then
  echo "code-server $VERSION (Node ABI $ABI) already installed in $DEST"
  exit 0
fi

missing=()
for tool in rg python3 make g++; do command -v "$tool" >/dev/null 2>&1 || missing+=("$tool"); done
[ -e /usr/include/krb5.h ] || missing+=("the Kerberos headers (libkrb5-dev)")
if [ ${#missing[@]} -gt 0 ]; then
  echo "missing: ${missing[*]}" >&2
  echo "run: apt-get update && apt-get install -y ripgrep libkrb5-dev python3 make g++" >&2
  exit 1
fi

# Native modules: build from source (no GitHub prebuilts), against the headers of
# the Node that runs them (no download of headers from nodejs.org).
export npm_config_build_from_source=true
if [ -z "${npm_config_nodedir:-}" ]; then
  prefix=$(dirname "$(dirname "$(command -v node)")")
  [ -f "$prefix/include/node/node.h" ] && export npm_config_nodedir=$prefix
fi
NPM_FLAGS=(--no-audit --no-fund --ignore-scripts --loglevel=error)

rm -f "$DEST"/.installed-*
cd "$DEST"
[ -f package.json ] || echo '{ "name": "code-server-e2e", "private": true }' > package.json
echo "== code-server $VERSION from the npm registry (scripts skipped)"
npm install "code-server@$VERSION" "${NPM_FLAGS[@]}"
echo "== argon2 (password hashing; compiled)"
npm rebuild argon2 --loglevel=error

# What code-server's postinstall.sh would do, minus its downloads.
VS="$DEST/node_modules/code-server/lib/vscode"
cd "$VS"
echo "== VS Code's own dependencies (its npm-shrinkwrap.json)"
npm install --omit=dev "${NPM_FLAGS[@]}"
echo "== VS Code's native modules (compiled)"
npm_config_yes=true npm rebuild @vscode/spdlog node-pty native-watchdog kerberos @vscode/deviceid @parcel/watcher --loglevel=error
# @vscode/ripgrep's postinstall fetches rg from GitHub: point it at Debian's.
mkdir -p node_modules/@vscode/ripgrep/bin
ln -sf "$(command -v rg)" node_modules/@vscode/ripgrep/bin/rg
ln -sfn node_modules node_modules.asar
(cd bin/remote-cli && ln -sf code-linux.sh code-server)
(cd bin/helpers && ln -sf browser-linux.sh browser.sh)
echo "== built-in extensions' dependencies"
(cd extensions && npm install --omit=dev "${NPM_FLAGS[@]}")

"$BIN" --version >/dev/null
touch "$STAMP"
echo "code-server installed: $("$BIN" --version | head -1) in $DEST"
