#!/bin/bash
# Artloom GPU image: the validate phase of the Image Builder component (infra/lib/constructs/gpu-image.ts),
# run as root on the build instance after image-build.sh. Input (environment): COMFYUI_COMMIT.
# ARTLOOM_ROOT (default empty: the real /) prefixes every path, so that the tests can run this script
# in a throw-away root (test/unit/infra/gpu-scripts-run.test.ts).
set -euo pipefail
: "${COMFYUI_COMMIT:?}"
R="${ARTLOOM_ROOT:-}"

# The checkout belongs to artloom (image-build.sh hands it over): git refuses a root caller in a
# repository another user owns ("dubious ownership", exit 128) unless told that this one is safe.
test "$(git -c safe.directory="$R/opt/ComfyUI" -C "$R/opt/ComfyUI" rev-parse HEAD)" = "$COMFYUI_COMMIT"
"$R/opt/artloom/node/bin/node" --version
systemctl is-enabled artloom-boot.service
test -x "$R/opt/aws/amazon-cloudwatch-agent/bin/amazon-cloudwatch-agent-ctl"
echo "image valid: ComfyUI $COMFYUI_COMMIT"
