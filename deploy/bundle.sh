#!/bin/sh
# The build step of every image (apps/<app>/Dockerfile): run at the root of a copy of the
# repository with the app's name (slack, teams, web, worker). It installs that app's production
# dependencies exactly as the lockfile pins them, then removes what the app does not run.
# CI runs the same step without Docker and starts each app from the result (deploy/test).
# BUNDLE_PNPM_FLAGS adds pnpm flags (--offline in CI); PNPM names the pnpm to run (default pnpm).
set -eu
app="${1:-}"
case "$app" in
  slack | teams | web | worker) ;;
  *)
    echo "usage: sh deploy/bundle.sh slack|teams|web|worker" >&2
    exit 2
    ;;
esac
${PNPM:-pnpm} install --frozen-lockfile --prod --filter "@clarify/$app..." ${BUNDLE_PNPM_FLAGS:-}
for dir in apps/*; do
  if [ "$dir" != "apps/$app" ]; then rm -rf "$dir"; fi
done
rm -rf docs deploy .ci .git .clarify
echo "bundle.sh: apps/$app is ready to run (cd apps/$app && node --import tsx src/main.ts)"
