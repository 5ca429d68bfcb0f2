#!/bin/bash
# Artloom GPU instance: runs on EVERY boot (systemd unit artloom-boot, baked into the image by
# infra/gpu/image-build.sh). Writes /etc/artloom/{boot.env,worker.env,cloudwatch-agent.json} anew from
# the stack's SSM parameters (the current deploy's settings, also after a stop in the warm pool) and,
# when the instance is going into service:
#   1. ships its logs (CloudWatch agent, its config from those parameters too),
#   2. starts ComfyUI at once (its 13-18 s start overlaps the model copy),
#   3. copies the checkpoint from the stack's private model bucket to the local NVMe instance store
#      with the AWS CLI's CRT client (parallel ranged GETs) and checks its SHA-256 (openssl, SHA-NI),
#   4. fetches the worker bundle and starts the worker, which warms the model up before it announces
#      itself (worker/main.ts),
#   5. completes the launch lifecycle hook.
# Nothing here reaches GitHub, the Python package index or the model hub: the image has the
# software, S3 has the model. A failure abandons the instance at once (the group replaces it).
# Instance store is wiped when an instance stops, so a start from the warm pool copies again.
set -euo pipefail
# For the tests only (test/unit/infra/gpu-scripts-run.test.ts): ARTLOOM_ROOT prefixes every path
# (default empty: the real /).
R="${ARTLOOM_ROOT:-}"
# systemd gives a root service no HOME; the AWS CLI keeps its configuration there.
export HOME="$R/root"
mkdir -p "$HOME" "$R/var/log/artloom"
exec > >(tee -a "$R/var/log/artloom/boot.log") 2>&1

stamp() { echo "[boot $(date -u +%H:%M:%S.%3N)] $*"; }
TOKEN=$(curl -sfX PUT http://169.254.169.254/latest/api/token -H "X-aws-ec2-metadata-token-ttl-seconds: 600")
md() { curl -sf -H "X-aws-ec2-metadata-token: $TOKEN" "http://169.254.169.254/latest/meta-data/$1"; }
ID=$(md instance-id)
REGION=$(md placement/region)
GROUP=$(md tags/instance/aws:autoscaling:groupName)
# Warm pool: "Warmed:Stopped" while the group prepares the instance, "InService" when it serves.
TARGET=$(md autoscaling/target-lifecycle-state || echo InService)
LIFECYCLE_HOOK=artloom-bootstrap

hook() {
  aws autoscaling complete-lifecycle-action --region "$REGION" --auto-scaling-group-name "$GROUP" \
    --lifecycle-hook-name "$LIFECYCLE_HOOK" --instance-id "$ID" --lifecycle-action-result "$1" || true
}
abandon() {
  stamp "boot failed: abandoning the instance"
  systemctl stop artloom-worker.service comfyui.service || true
  hook ABANDON
}
trap abandon ERR

# The settings of the current deploy, at every boot (a warm-pool instance may have been stopped
# before it): one SSM parameter per file under the path in the instance's artloom-settings tag.
SETTINGS=$(md tags/instance/artloom-settings)
mkdir -p "$R/etc/artloom"
for file in boot.env worker.env cloudwatch-agent.json; do
  aws ssm get-parameter --region "$REGION" --name "$SETTINGS/$file" --query Parameter.Value --output text >"$R/etc/artloom/$file.tmp"
  mv "$R/etc/artloom/$file.tmp" "$R/etc/artloom/$file"
done
# shellcheck source=/dev/null
. "$R/etc/artloom/boot.env"
: "${MODEL_BUCKET:?}" "${MODEL_KEY:?}" "${CHECKPOINT_NAME:?}" "${WORKER_BUNDLE_URL:?}" "${LIFECYCLE_HOOK:?}"
MODEL_SHA256="${MODEL_SHA256:-}"
NVME="$R/opt/dlami/nvme"
MODELS_DIR="${MODELS_DIR:-$NVME/artloom-models}"
stamp "settings from $SETTINGS: model $MODEL_KEY, worker $WORKER_BUNDLE_URL"

stamp "boot: instance $ID, target $TARGET"
if [ -f "$R/etc/artloom/cloudwatch-agent.json" ]; then
  "$R/opt/aws/amazon-cloudwatch-agent/bin/amazon-cloudwatch-agent-ctl" -a fetch-config -m ec2 -s \
    -c "file:$R/etc/artloom/cloudwatch-agent.json" || stamp "CloudWatch agent did not start; logs stay local"
fi

# The root volume is made from the image's snapshot and loads its blocks on first touch: read the
# venv's large files (torch, the CUDA libraries) in parallel so that ComfyUI's imports do not wait on
# them. The volume's provisioned initialization rate fills in the rest in the background.
prefetch_venv() { find "$R/opt/ComfyUI/.venv" -type f -size +1M -print0 | xargs -0 -r -P 16 -n 8 cat >/dev/null || true; }

if [ "$TARGET" != InService ]; then
  # Preparing for the warm pool: the volume survives the stop (read it now, once), the instance store does not.
  stamp "warm-pool preparation: reading the venv, then stopping"
  prefetch_venv
  hook CONTINUE
  exit 0
fi

if [ -z "$MODEL_SHA256" ]; then
  stamp "no modelSha256 in the stack's context: refusing to serve an unverified checkpoint"
  false
fi

# The local NVMe instance store (the Deep Learning AMI mounts it at /opt/dlami/nvme; give its unit a
# few seconds). Without one (an instance type with EBS only) the model goes on the root volume.
for _ in $(seq 1 15); do mountpoint -q "$NVME" && break; sleep 1; done
if ! mountpoint -q "$NVME"; then
  DEV=$(find "$R/dev/disk/by-id" -name 'nvme-Amazon_EC2_NVMe_Instance_Storage_*' ! -name '*-part*' | sort | head -n 1 || true)
  if [ -n "$DEV" ]; then
    mkfs.xfs -f -q "$DEV"
    mkdir -p "$NVME"
    mount -o noatime "$DEV" "$NVME"
  else
    stamp "no instance store: staging on the root volume"
    MODELS_DIR="$R/var/lib/artloom-models"
  fi
fi
mkdir -p "$MODELS_DIR/checkpoints"
chown -R artloom:artloom "$MODELS_DIR"
# ComfyUI reads its checkpoints from here (extra_model_paths.yaml in the image points at this link).
ln -sfn "$MODELS_DIR" "$R/opt/artloom/models"

prefetch_venv &

systemctl start comfyui.service
stamp "ComfyUI starting; copying s3://$MODEL_BUCKET/$MODEL_KEY"

CKPT="$MODELS_DIR/checkpoints/$CHECKPOINT_NAME"
if [ ! -s "$CKPT" ]; then
  # The CRT client splits the object into parallel ranged GETs and fills the instance's network.
  aws configure set default.s3.preferred_transfer_client crt
  aws configure set default.s3.target_bandwidth "${MODEL_TARGET_BANDWIDTH:-10Gb/s}"
  aws s3 cp --region "$REGION" --only-show-errors "s3://$MODEL_BUCKET/$MODEL_KEY" "$CKPT.part"
  stamp "copied $(stat -c %s "$CKPT.part") bytes; checking SHA-256"
  GOT=$(openssl dgst -sha256 -r "$CKPT.part" | cut -d' ' -f1)
  if [ "$GOT" != "$MODEL_SHA256" ]; then
    stamp "checksum mismatch: expected $MODEL_SHA256, got $GOT"
    rm -f "$CKPT.part"
    false
  fi
  chown artloom:artloom "$CKPT.part"
  mv "$CKPT.part" "$CKPT"
  stamp "checkpoint verified"
fi

mkdir -p "$R/opt/artloom/worker"
aws s3 cp --region "$REGION" --only-show-errors "$WORKER_BUNDLE_URL" "$R/opt/artloom/worker/worker.mjs"
chown -R artloom:artloom "$R/opt/artloom/worker"
# The worker waits for ComfyUI, runs one small generation (the model goes into VRAM) and only then
# sends its first beacon: the flow never dispatches to a cold worker.
systemctl start artloom-worker.service
hook CONTINUE
stamp "boot done"
