#!/usr/bin/env bash
# End-to-end test in a real editor: headless Neovim (0.7 or later) starts
# `node packages/cli/bin/dipforge.js lsp --stdio`, opens test/e2e/illegal.dipgame
# (copied to a temporary folder), and test/e2e/nvim-check.mjs judges the
# diagnostics, a hover, an edit, the diagnostics after it, the completion after
# `A par - ` and a hover on a province. Prints one line per check and then
# `N passed, N failed`; exits non-zero on any mismatch.
# Needs: nvim on PATH (Debian: apt-get install -y neovim) and the packages built (npm run build).
set -uo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"

fail() {
  echo "nvim e2e: $1" >&2
  echo "0 passed, 1 failed"
  exit 1
}

command -v nvim >/dev/null 2>&1 || fail "nvim is not installed (Debian: apt-get install -y neovim)"
command -v node >/dev/null 2>&1 || fail "node is not on PATH"
[ -f "$root/packages/lsp/dist/index.js" ] || fail "the packages are not built (run npm run build)"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cp "$here/illegal.dipgame" "$work/illegal.dipgame"

# -u NONE: no user config or plugins; -i NONE: no shada; -n: no swap file.
DIPFORGE_ROOT="$root" DIPFORGE_FILE="$work/illegal.dipgame" DIPFORGE_DIR="$work" HOME="$work" XDG_STATE_HOME="$work" XDG_DATA_HOME="$work" \
  timeout 120 nvim --headless -u NONE -i NONE -n -c "luafile $here/nvim-lsp.lua" >"$work/out.txt" 2>"$work/err.txt" </dev/null
status=$?
if [ "${NVIM_E2E_VERBOSE:-}" = "1" ]; then cat "$work/out.txt"; fi
if [ $status -ne 0 ]; then
  echo "nvim exited with status $status" >&2
  cat "$work/err.txt" >&2
fi
node "$here/nvim-check.mjs" "$work/out.txt"
