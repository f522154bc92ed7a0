# Sourced by scripts/test: the web tests drive Debian's headless Chromium (tests/web).
# Installs the `chromium` package with apt when it is missing and we run as root;
# otherwise stops with the command to run.  Never downloads a browser build of its own.
P2PCARDS_CHROMIUM=${P2PCARDS_CHROMIUM:-/usr/bin/chromium}
if [ ! -x "$P2PCARDS_CHROMIUM" ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "== installing Debian's chromium for the browser tests (first run only)" >&2
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq >&2
    apt-get install -y -qq --no-install-recommends chromium >/dev/null
  else
    echo "p2pcards: the browser tests need Chromium; install it with:" >&2
    echo "    sudo apt-get install chromium" >&2
    exit 1
  fi
fi
export P2PCARDS_CHROMIUM
