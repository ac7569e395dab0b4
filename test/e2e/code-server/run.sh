#!/usr/bin/env bash
# The VS Code extension end-to-end test: packages the extension (`npm run
# package`, giving extension/*.vsix), then test/e2e/code-server/run.mjs installs
# it into a fresh code-server profile and drives it with headless Chromium.
# Arguments go to run.mjs (--out DIR, --keep, --vsix FILE). With DIPFORGE_VSIX
# set, that file is tested and nothing is packaged.
#
# Needs: apt-get install -y chromium ripgrep libkrb5-dev python3 make g++
#        scripts/install-code-server.sh      (code-server into .cache/code-server)
# Prints one line per check, then `N passed, N failed`; exits 1 on any failure.
set -uo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../../.." && pwd)"
chromium="${CHROMIUM:-/usr/bin/chromium}"
code_server="${DIPFORGE_CODE_SERVER:-$root/.cache/code-server/node_modules/.bin/code-server}"
install_help="install with: apt-get update && apt-get install -y chromium ripgrep libkrb5-dev python3 make g++ && scripts/install-code-server.sh"

fail() {
  echo "code-server e2e: $1" >&2
  echo "0 passed, 1 failed"
  exit 1
}

[ -x "$chromium" ] || fail "no Chromium at $chromium; $install_help"
[ -x "$code_server" ] || fail "no code-server at $code_server; $install_help"

if [ -z "${DIPFORGE_VSIX:-}" ]; then
  # The root's `package` script when there is one, else the extension workspace's.
  if node -e 'process.exit(require(process.argv[1]).scripts?.package ? 0 : 1)' "$root/package.json"; then
    cmd=(npm run package)
  else
    cmd=(npm run package -w extension)
  fi
  log="$(mktemp)"
  started=$SECONDS
  if ! (cd "$root" && "${cmd[@]}") >"$log" 2>&1; then
    tail -n 30 "$log" >&2
    rm -f "$log"
    fail "\`${cmd[*]}\` failed, so there is no .vsix to test"
  fi
  rm -f "$log"
  echo "packaged the extension (${cmd[*]}) in $((SECONDS - started)) s" >&2
fi

DIPFORGE_CODE_SERVER="$code_server" CHROMIUM="$chromium" timeout 600 node "$here/run.mjs" "$@"
