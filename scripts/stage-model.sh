#!/bin/bash
# One-off: put the FLUX.1-schnell fp8 checkpoint into the stack's private model bucket, pinned to a
# model-hub revision and checked against its SHA-256 (docs/deploy.md, "Staging the model").
#
#   scripts/stage-model.sh <stack-name> <revision> <sha256>        # does it
#   DRY_RUN=1 scripts/stage-model.sh <stack-name> <revision> <sha256>  # prints the commands only
#
# <revision> is the 40-hex commit of huggingface.co/Comfy-Org/flux1-schnell, <sha256> the checkpoint's
# SHA-256 at that revision (the model hub shows it on the file's page as "SHA256"). Deploy with the same
# two values as context: -c modelRevision=<revision> -c modelSha256=<sha256>. Needs ~18 GB of free disk
# where it runs (an EC2 instance in the stack's region copies fastest), the AWS CLI v2 and openssl.
set -euo pipefail
STACK="${1:?stack name, e.g. Artloom-dev}"
REVISION="${2:?model hub revision (40 hex)}"
SHA256="${3:?SHA-256 of the checkpoint (64 hex)}"
[[ "$REVISION" =~ ^[0-9a-f]{40}$ ]] || { echo "revision must be 40 hex characters" >&2; exit 2; }
[[ "$SHA256" =~ ^[0-9a-f]{64}$ ]] || { echo "sha256 must be 64 hex characters" >&2; exit 2; }
FILE=flux1-schnell-fp8.safetensors
URL="https://huggingface.co/Comfy-Org/flux1-schnell/resolve/$REVISION/$FILE"
WORK="${WORK_DIR:-$(mktemp -d)}"

run() {
  echo "+ $*"
  if [ -z "${DRY_RUN:-}" ]; then "$@"; fi
}
output() {
  aws cloudformation describe-stacks --stack-name "$STACK" --query "Stacks[0].Outputs[?OutputKey=='$1'].OutputValue" --output text
}

if [ -n "${DRY_RUN:-}" ]; then BUCKET='<ModelBucket output>'; KEY='<ModelKey output>'; else BUCKET=$(output ModelBucket); KEY=$(output ModelKey); fi
case "$KEY" in */"$REVISION"/*) ;; *) [ -n "${DRY_RUN:-}" ] || { echo "the stack's ModelKey ($KEY) is not for revision $REVISION: deploy with -c modelRevision=$REVISION first" >&2; exit 2; } ;; esac

run curl -fL --retry 5 --retry-delay 10 -o "$WORK/$FILE" "$URL"
echo "+ openssl dgst -sha256 -r $WORK/$FILE  # must print $SHA256"
if [ -z "${DRY_RUN:-}" ]; then
  GOT=$(openssl dgst -sha256 -r "$WORK/$FILE" | cut -d' ' -f1)
  [ "$GOT" = "$SHA256" ] || { echo "checksum mismatch: expected $SHA256, got $GOT" >&2; exit 1; }
fi
run aws configure set default.s3.preferred_transfer_client crt
run aws s3 cp --only-show-errors --metadata "sha256=$SHA256,revision=$REVISION" "$WORK/$FILE" "s3://$BUCKET/$KEY"
run rm -f "$WORK/$FILE"
echo "${DRY_RUN:+(dry run) }staged s3://$BUCKET/$KEY (sha256 $SHA256, revision $REVISION)"
