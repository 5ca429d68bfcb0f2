#!/bin/bash
# Artloom GPU image: the build step of the EC2 Image Builder component (infra/lib/constructs/gpu-image.ts),
# run once per image on top of the Deep Learning Base OSS Nvidia Driver AMI (Ubuntu 24.04, Python 3.12).
# Everything that needs GitHub, the Python package index or nodejs.org happens here, never at scale-out.
# Inputs (environment, set by the component): COMFYUI_COMMIT, NODE_VERSION, FILES (the folder holding
# requirements.lock.txt, boot.sh and the systemd units: infra/gpu/, downloaded and unpacked by the component).
set -euo pipefail
: "${COMFYUI_COMMIT:?}" "${NODE_VERSION:?}" "${FILES:?}"
export DEBIAN_FRONTEND=noninteractive HOME=/root

for i in $(seq 1 30); do apt-get -o DPkg::Lock::Timeout=60 update -y && break; sleep 10; done
apt-get -o DPkg::Lock::Timeout=600 install -y --no-install-recommends git python3-venv xz-utils curl ca-certificates xfsprogs openssl

id -u artloom >/dev/null 2>&1 || useradd --system --home-dir /opt/artloom --create-home --shell /usr/sbin/nologin artloom
mkdir -p /opt/artloom/worker /etc/artloom /var/log/artloom
chown artloom:artloom /var/log/artloom

# Node for the worker, checked against the release's SHASUMS256.
NODE_TGZ="node-v$NODE_VERSION-linux-x64.tar.xz"
cd /tmp
curl -fsSLO "https://nodejs.org/dist/v$NODE_VERSION/$NODE_TGZ"
curl -fsSLO "https://nodejs.org/dist/v$NODE_VERSION/SHASUMS256.txt"
grep " $NODE_TGZ$" SHASUMS256.txt | sha256sum -c -
mkdir -p /opt/artloom/node
tar -xJf "/tmp/$NODE_TGZ" -C /opt/artloom/node --strip-components=1
/opt/artloom/node/bin/node --version

# ComfyUI at the pinned commit (a tag can move; a commit cannot).
rm -rf /opt/ComfyUI
git init -q /opt/ComfyUI
git -C /opt/ComfyUI fetch -q --depth 1 https://github.com/Comfy-Org/ComfyUI.git "$COMFYUI_COMMIT"
git -C /opt/ComfyUI checkout -q FETCH_HEAD
test "$(git -C /opt/ComfyUI rev-parse HEAD)" = "$COMFYUI_COMMIT"

# Python packages: exact versions from the repo's lock. Every package ComfyUI's own requirements.txt
# names must be in the lock, at ComfyUI's version where ComfyUI pins one; otherwise the build stops.
python3 - "$FILES/requirements.lock.txt" /opt/ComfyUI/requirements.txt <<'PY'
import re, sys
def entries(path):
    out = {}
    for line in open(path):
        line = line.split('#', 1)[0].strip()
        if not line or line.startswith('-'):
            continue
        m = re.match(r'^([A-Za-z0-9_.\-\[\]]+)\s*(==|>=|~=|<=)?\s*([^;\s]*)', line)
        name = re.sub(r'\[.*\]', '', m.group(1)).lower().replace('_', '-')
        out[name] = (m.group(2), m.group(3))
    return out
lock, comfy = entries(sys.argv[1]), entries(sys.argv[2])
bad = [f'{n}: not pinned with == in the lock' for n, (op, _) in lock.items() if op != '==']
for name, (op, version) in comfy.items():
    if name not in lock:
        bad.append(f'{name}: required by ComfyUI, missing from the lock')
    elif op == '==' and lock[name][1] != version:
        bad.append(f'{name}: ComfyUI pins {version}, the lock has {lock[name][1]}')
if bad:
    sys.exit('requirements.lock.txt does not match ComfyUI:\n  ' + '\n  '.join(bad))
PY
python3 -m venv /opt/ComfyUI/.venv
/opt/ComfyUI/.venv/bin/pip install --no-cache-dir --disable-pip-version-check -r "$FILES/requirements.lock.txt"
/opt/ComfyUI/.venv/bin/pip check
# What actually got installed (transitive packages included): copy it into the lock to pin those too.
/opt/ComfyUI/.venv/bin/pip freeze | tee /opt/ComfyUI/artloom-pip-freeze.txt

# Checkpoints come from the instance store (boot.sh links /opt/artloom/models there at every boot).
cat > /opt/ComfyUI/extra_model_paths.yaml <<'YAML'
artloom:
  base_path: /opt/artloom/models
  checkpoints: checkpoints
YAML

install -m 755 "$FILES/boot.sh" /opt/artloom/boot.sh
install -m 644 "$FILES"/*.service /etc/systemd/system/
chown -R artloom:artloom /opt/ComfyUI /opt/artloom
systemctl daemon-reload
# Only the boot unit is enabled: it starts ComfyUI and the worker when the instance goes into service.
systemctl enable artloom-boot.service
