#!/usr/bin/env bash
# The browser tests drive Debian's Chromium in its headless shell (apps/web/e2e/browser.ts); Lighthouse (npm run bench)
# drives the full browser. Installs whichever is missing (needs root and apt-get), unless CHROMIUM_PATH names another.
set -euo pipefail
if [ -n "${CHROMIUM_PATH:-}" ]; then
  [ -x "$CHROMIUM_PATH" ] && exit 0
  echo "CHROMIUM_PATH is $CHROMIUM_PATH, which is not an executable." >&2
  exit 1
fi
missing=()
[ -x /usr/bin/chromium-headless-shell ] || missing+=(chromium-headless-shell)
[ -x /usr/bin/chromium ] || missing+=(chromium)
if [ ${#missing[@]} = 0 ]; then exit 0; fi
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  echo "Installing Debian's ${missing[*]} for the browser tests (apt-get install)…"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
elif [ -x /usr/bin/chromium ] || [ -x /usr/bin/chromium-headless-shell ]; then
  echo "Not installed (needs root): ${missing[*]}. The browser tests use what is there, more slowly in the full browser." >&2
else
  echo "The browser tests need Debian's chromium-headless-shell (and chromium for npm run bench): sudo apt-get install ${missing[*]}, or set CHROMIUM_PATH." >&2
  exit 1
fi
