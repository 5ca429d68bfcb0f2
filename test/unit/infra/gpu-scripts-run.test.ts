import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readlinkSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * infra/gpu/image-build.sh, validate-image.sh and boot.sh run FOR REAL with bash, as root, in a
 * throw-away root (ARTLOOM_ROOT) over files owned by a real `artloom` user, as in the image. Only
 * what cannot run here is a recording stand-in on PATH: apt-get, curl (nodejs.org and the instance
 * metadata service), python3 -m venv and the venv's pip, the AWS CLI, systemctl and mountpoint.
 * git, tar, sha256sum, openssl, chown and the lock check are the real ones; ComfyUI is a local git
 * repository holding ComfyUI's requirements.txt at the pinned commit (test/fixtures/comfyui).
 */
const isRoot = process.getuid?.() === 0;
if (!isRoot)
  console.warn(
    'gpu-scripts-run.test.ts: SKIPPED: the GPU scripts run as root (chown to artloom, root git over an artloom checkout); run the tests as root',
  );

const GPU = join(import.meta.dirname, '../../../infra/gpu');
const COMFY_REQUIREMENTS = join(import.meta.dirname, '../../fixtures/comfyui/requirements-a125cd84.txt');
const NODE_VERSION = '22.20.0';
const CHECKPOINT = 'flux1-schnell-fp8.safetensors';
const MODEL_BYTES = 'not really a checkpoint, but bytes whose SHA-256 the test knows\n';
const MODEL_SHA256 = createHash('sha256').update(MODEL_BYTES).digest('hex');

/** Recording stand-ins: each appends `name argv…` to $STUB_LOG, then does what the scripts need. */
const STUBS: Record<string, string> = {
  'apt-get': '',
  systemctl: `
case "$1" in
  enable) mkdir -p "$ARTLOOM_ROOT/etc/systemd/system/multi-user.target.wants"
          ln -sfn "$ARTLOOM_ROOT/etc/systemd/system/$2" "$ARTLOOM_ROOT/etc/systemd/system/multi-user.target.wants/$2" ;;
  is-enabled) test -e "$ARTLOOM_ROOT/etc/systemd/system/multi-user.target.wants/$2" && echo enabled ;;
esac`,
  mountpoint: 'for a; do last="$a"; done; [ -d "$last" ]',
  curl: `
url=""; for a in "$@"; do case "$a" in http://* | https://*) url="$a" ;; esac; done
case "$url" in
  http://169.254.169.254/latest/api/token) echo imds-token ;;
  http://169.254.169.254/latest/meta-data/*) cat "$STUB_STATE/imds/\${url#http://169.254.169.254/latest/meta-data/}" 2>/dev/null || exit 22 ;;
  https://nodejs.org/*) cp "$STUB_STATE/downloads/$(basename "$url")" . ;;
  *) exit 7 ;;
esac`,
  python3: `
if [ "$1" = -m ] && [ "$2" = venv ]; then mkdir -p "$3/bin"; cp "$STUB_BIN/pip" "$3/bin/pip"; exit 0; fi
exec "$REAL_PYTHON3" "$@"`,
  // What pip installed: the lock, or (STUB_PIP_DRIFT=name==version) the lock with one package at another version.
  // `install -r FILE --report R` writes pip's installation report for FILE's pins, each archive's SHA-256 made
  // up from its name and version; with --require-hashes and STUB_PIP_HASH_MISMATCH it fails as pip does.
  pip: `
case "$1" in
  freeze) grep -E '^[A-Za-z]' "$FILES/requirements.lock.txt" | sed 's/ *#.*//' | sed "s/^\${STUB_PIP_DRIFT%%==*}==.*/\${STUB_PIP_DRIFT:-}/" ;;
  install)
    req="" report="" prev=""
    for a in "$@"; do [ "$prev" = -r ] && req="$a"; [ "$prev" = --report ] && report="$a"; prev="$a"; done
    case " $* " in *" --require-hashes "*) if [ -n "\${STUB_PIP_HASH_MISMATCH:-}" ]; then
      echo "ERROR: THESE PACKAGES DO NOT MATCH THE HASHES FROM THE REQUIREMENTS FILE." >&2; exit 1; fi ;; esac
    [ -z "$report" ] || "$REAL_PYTHON3" -c '
import hashlib, json, re, sys
items = []
for line in open(sys.argv[1]):
    m = re.match(r"^([A-Za-z0-9_.+-]+)==([^\\s#;]+)", line)
    if m: items.append({"metadata": {"name": m[1], "version": m[2]}, "download_info": {"archive_info": {"hashes": {"sha256": hashlib.sha256(m[0].encode()).hexdigest()}}}})
json.dump({"version": "1", "install": items}, open(sys.argv[2], "w"))
' "$req" "$report" ;;
esac`,
  aws: `
case "$1 $2" in
  "s3 cp") src="" dst=""; for a in "$@"; do case "$a" in s3://*) src="\${a#s3://}" ;; /*) dst="$a" ;; esac; done
           cp "$STUB_STATE/s3/$src" "$dst" ;;
  "ssm get-parameter") while [ $# -gt 0 ]; do if [ "$1" = --name ]; then cat "$STUB_STATE/ssm$2" || exit 254; fi; shift; done ;;
esac`,
};

interface Run {
  status: number | null;
  out: string;
  calls: string[];
}

describe.skipIf(!isRoot)('GPU scripts, executed in a throw-away root (skipped unless root)', () => {
  let dir: string;
  let root: string;
  let commit: string;
  let env: NodeJS.ProcessEnv;
  const stubBin = () => join(dir, 'bin');
  const state = (...p: string[]) => join(dir, 'state', ...p);
  const put = (path: string, content: string, mode = 0o644) => {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, content, { mode });
  };

  function run(script: string, extraEnv: NodeJS.ProcessEnv = {}): Run {
    const log = join(dir, 'calls.log');
    writeFileSync(log, '');
    const r = spawnSync('bash', [script], { env: { ...env, ...extraEnv }, encoding: 'utf8', timeout: 20_000 });
    const calls = readFileSync(log, 'utf8').split('\n').filter(Boolean);
    return { status: r.status, out: `${r.stdout}${r.stderr}`, calls };
  }
  const artloomUid = () => Number(execFileSync('id', ['-u', 'artloom']).toString().trim());

  beforeAll(() => {
    try {
      execFileSync('id', ['artloom'], { stdio: 'ignore' });
    } catch {
      execFileSync('useradd', ['--system', 'artloom']);
    }
    dir = mkdtempSync(join(tmpdir(), 'artloom-gpu-run-'));
    root = join(dir, 'root');
    mkdirSync(root);
    // The stand-ins.
    for (const [name, body] of Object.entries(STUBS))
      put(join(stubBin(), name), `#!/bin/bash\necho "${name} $*" >> "$STUB_LOG"\n${body}\n`, 0o755);
    // ComfyUI: a local repository whose commit the build pins and checks.
    const src = join(dir, 'comfyui-src');
    const git = (...args: string[]) =>
      execFileSync('git', args, {
        cwd: src,
        env: {
          ...process.env,
          HOME: dir,
          GIT_CONFIG_NOSYSTEM: '1',
          GIT_AUTHOR_DATE: '2025-10-12T00:28:00Z',
          GIT_COMMITTER_DATE: '2025-10-12T00:28:00Z',
        },
      })
        .toString()
        .trim();
    mkdirSync(src);
    cpSync(COMFY_REQUIREMENTS, join(src, 'requirements.txt'));
    put(join(src, 'main.py'), 'print("ComfyUI stand-in")\n');
    git('init', '-q');
    git('add', '.');
    git('-c', 'user.name=ComfyUI', '-c', 'user.email=comfy@example.invalid', 'commit', '-qm', 'ComfyUI stand-in');
    commit = git('rev-parse', 'HEAD');
    // Node's release: a tarball with a bin/node that prints its version, and the release's SHASUMS256.
    const tgz = `node-v${NODE_VERSION}-linux-x64.tar.xz`;
    put(join(dir, 'node-src', `node-v${NODE_VERSION}-linux-x64/bin/node`), `#!/bin/sh\necho v${NODE_VERSION}\n`, 0o755);
    mkdirSync(state('downloads'), { recursive: true });
    execFileSync('tar', ['-cJf', state('downloads', tgz), '-C', join(dir, 'node-src'), `node-v${NODE_VERSION}-linux-x64`]);
    const sum = createHash('sha256')
      .update(readFileSync(state('downloads', tgz)))
      .digest('hex');
    put(state('downloads/SHASUMS256.txt'), `${'0'.repeat(64)}  node-v${NODE_VERSION}-darwin-arm64.tar.gz\n${sum}  ${tgz}\n`);
    // infra/gpu/ as the component unpacks it; the CloudWatch agent as its AWS component installs it.
    cpSync(GPU, join(dir, 'files'), { recursive: true });
    put(
      join(root, 'opt/aws/amazon-cloudwatch-agent/bin/amazon-cloudwatch-agent-ctl'),
      `#!/bin/bash\necho "cloudwatch-agent-ctl $*" >> "$STUB_LOG"\n`,
      0o755,
    );
    // What the instance finds in AWS: its metadata, the model and the worker bundle in S3.
    put(state('imds/instance-id'), 'i-0123456789abcdef0');
    put(state('imds/placement/region'), 'us-east-1');
    put(state('imds/tags/instance/aws:autoscaling:groupName'), 'gpu-asg');
    put(state('imds/autoscaling/target-lifecycle-state'), 'InService');
    put(state(`s3/model-bucket/models/flux1-schnell/rev/${CHECKPOINT}`), MODEL_BYTES);
    put(state('s3/asset-bucket/worker-abc.mjs'), 'console.log("worker")\n');

    const realPython = execFileSync('python3', ['-c', 'import sys; print(sys.executable)']).toString().trim();
    env = {
      PATH: `${stubBin()}:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin`,
      HOME: dir,
      LANG: 'C.UTF-8',
      GIT_CONFIG_NOSYSTEM: '1',
      ARTLOOM_ROOT: root,
      STUB_LOG: join(dir, 'calls.log'),
      STUB_STATE: state(),
      STUB_BIN: stubBin(),
      REAL_PYTHON3: realPython,
      COMFYUI_REPO: `file://${src}`,
      COMFYUI_COMMIT: commit,
      NODE_VERSION,
      FILES: join(dir, 'files'),
    };
  });

  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  describe('image build', () => {
    let build: Run;
    beforeAll(() => {
      build = run(join(dir, 'files/image-build.sh'));
    });

    it('exits 0 after installing the lock, checking Node, fetching ComfyUI at the commit and enabling only the boot unit', () => {
      expect(build.out).toContain(`v${NODE_VERSION}`);
      expect(build.status, build.out).toBe(0);
      expect(build.calls).toContainEqual(expect.stringMatching(/^apt-get .* install -y --no-install-recommends git python3-venv/));
      expect(build.calls).toContain(`curl -fsSLO https://nodejs.org/dist/v${NODE_VERSION}/node-v${NODE_VERSION}-linux-x64.tar.xz`);
      const pip = build.calls.filter((c) => c.startsWith('pip '));
      expect(pip).toEqual([
        `pip install --no-cache-dir --disable-pip-version-check -r ${join(dir, 'files/requirements.lock.txt')} --report ${join(root, 'opt/ComfyUI/artloom-pip-report.json')}`,
        'pip check',
        'pip freeze',
      ]);
      expect(build.calls.filter((c) => c.startsWith('systemctl '))).toEqual([
        'systemctl daemon-reload',
        'systemctl enable artloom-boot.service',
      ]);
      expect(existsSync(join(root, 'etc/systemd/system/multi-user.target.wants/artloom-boot.service'))).toBe(true);
    });

    it('leaves the checkout at the pinned commit, the units, boot.sh and Node in place, owned by artloom', () => {
      expect(readFileSync(join(root, 'opt/ComfyUI/.git/HEAD'), 'utf8').trim()).toBe(commit);
      for (const unit of ['artloom-boot.service', 'artloom-worker.service', 'comfyui.service'])
        expect(existsSync(join(root, 'etc/systemd/system', unit)), unit).toBe(true);
      expect(statSync(join(root, 'opt/artloom/boot.sh')).mode & 0o777).toBe(0o755);
      expect(readFileSync(join(root, 'opt/ComfyUI/extra_model_paths.yaml'), 'utf8')).toContain(`base_path: ${root}/opt/artloom/models`);
      expect(readFileSync(join(root, 'opt/ComfyUI/artloom-pip-freeze.txt'), 'utf8')).toContain('comfyui-frontend-package==1.27.10');
      for (const path of ['opt/ComfyUI', 'opt/ComfyUI/.git', 'opt/artloom', 'opt/artloom/node/bin/node', 'var/log/artloom'])
        expect(statSync(join(root, path)).uid, path).toBe(artloomUid());
    });

    it('passes the validate phase as root over the artloom-owned checkout (git safe.directory)', () => {
      const validate = run(join(dir, 'files/validate-image.sh'));
      expect(validate.status, validate.out).toBe(0);
      expect(validate.out).toContain(`image valid: ComfyUI ${commit}`);
      expect(validate.calls).toEqual(['systemctl is-enabled artloom-boot.service']);
      // The same check against another commit fails.
      expect(run(join(dir, 'files/validate-image.sh'), { COMFYUI_COMMIT: 'f'.repeat(40) }).status).not.toBe(0);
    });

    it('stops when an installed package drifted from the lock (the lock is what ran)', () => {
      const drifted = run(join(dir, 'files/image-build.sh'), { STUB_PIP_DRIFT: 'numpy==2.3.3' });
      expect(drifted.status).not.toBe(0);
      expect(drifted.out).toContain('numpy: locked 2.5.2, installed 2.3.3');
      expect(run(join(dir, 'files/image-build.sh'), { STUB_PIP_DRIFT: '' }).status).toBe(0);
    });

    it('records every installed archive with its SHA-256, in the format a later build installs from', () => {
      const record = readFileSync(join(root, 'opt/ComfyUI/artloom-requirements-hashes.txt'), 'utf8');
      expect(build.out).toContain('=== artloom-requirements-hashes.txt (copy to infra/gpu/requirements.hashes.txt) ===');
      expect(record).toContain('--extra-index-url https://download.pytorch.org/whl/cu130');
      const pins = readFileSync(join(dir, 'files/requirements.lock.txt'), 'utf8').match(/^[A-Za-z][^\s#]*==[^\s#]+/gm) ?? [];
      expect(pins.length).toBeGreaterThan(10);
      for (const pin of pins) expect(record, pin).toMatch(new RegExp(`^${pin.replace(/[.+]/g, '\\$&')} --hash=sha256:[0-9a-f]{64}$`, 'm'));
    });

    it('installs with --require-hashes --no-deps once the record is committed, and stops when an archive does not match it', () => {
      const committed = join(dir, 'files/requirements.hashes.txt');
      const placeholder = readFileSync(committed, 'utf8');
      cpSync(join(root, 'opt/ComfyUI/artloom-requirements-hashes.txt'), committed);
      try {
        const hashed = run(join(dir, 'files/image-build.sh'));
        expect(hashed.status, hashed.out).toBe(0);
        expect(hashed.calls).toContain(
          `pip install --no-cache-dir --disable-pip-version-check --require-hashes --no-deps -r ${committed} --report ${join(root, 'opt/ComfyUI/artloom-pip-report.json')}`,
        );
        const mismatch = run(join(dir, 'files/image-build.sh'), { STUB_PIP_HASH_MISMATCH: '1' });
        expect(mismatch.status).not.toBe(0);
        expect(mismatch.out).toContain('DO NOT MATCH THE HASHES');
      } finally {
        writeFileSync(committed, placeholder);
      }
    });

    it('stops when Node does not match its SHASUMS256', () => {
      const sums = state('downloads/SHASUMS256.txt');
      const good = readFileSync(sums, 'utf8');
      writeFileSync(sums, good.replace(/^[0-9a-f]{64}(?= {2}node-v[^\n]*linux-x64)/m, 'f'.repeat(64)));
      try {
        const bad = run(join(dir, 'files/image-build.sh'));
        expect(bad.status).not.toBe(0);
        expect(bad.out).toContain('FAILED');
        expect(bad.calls.some((c) => c.startsWith('pip '))).toBe(false);
      } finally {
        writeFileSync(sums, good);
      }
    });
  });

  describe('boot', () => {
    const nvme = () => join(root, 'opt/dlami/nvme');
    const ckpt = () => join(nvme(), 'artloom-models/checkpoints', CHECKPOINT);
    const SETTINGS = '/artloom/Gpu/gpu-settings';
    /** Boots the instance with these boot settings in SSM (what the stack's parameters hold). */
    const boot = (settings: Record<string, string> = {}, target = 'InService') => {
      rmSync(join(nvme(), 'artloom-models'), { recursive: true, force: true });
      mkdirSync(nvme(), { recursive: true });
      put(state('imds/autoscaling/target-lifecycle-state'), target);
      put(state('imds/tags/instance/artloom-settings'), SETTINGS);
      const values = {
        MODEL_BUCKET: 'model-bucket',
        MODEL_KEY: `models/flux1-schnell/rev/${CHECKPOINT}`,
        MODEL_SHA256,
        CHECKPOINT_NAME: CHECKPOINT,
        WORKER_BUNDLE_URL: 's3://asset-bucket/worker-abc.mjs',
        LIFECYCLE_HOOK: 'artloom-bootstrap',
        ...settings,
      };
      const env = (o: Record<string, string>) =>
        Object.entries(o)
          .map(([k, v]) => `${k}=${v}\n`)
          .join('');
      put(state('ssm', SETTINGS, 'boot.env'), env(values));
      put(
        state('ssm', SETTINGS, 'worker.env'),
        env({ JOB_QUEUE_URL: 'https://sqs/jobs', GPU_IDLE_SHUTDOWN_SECONDS: settings.IDLE ?? '600' }),
      );
      put(state('ssm', SETTINGS, 'cloudwatch-agent.json'), '{"logs":{}}');
      return run(join(root, 'opt/artloom/boot.sh'));
    };
    const settingsCalls = ['boot.env', 'worker.env', 'cloudwatch-agent.json'].map(
      (file) => `aws ssm get-parameter --region us-east-1 --name ${SETTINGS}/${file} --query Parameter.Value --output text`,
    );
    const hook = (result: string) =>
      `aws autoscaling complete-lifecycle-action --region us-east-1 --auto-scaling-group-name gpu-asg --lifecycle-hook-name artloom-bootstrap --instance-id i-0123456789abcdef0 --lifecycle-action-result ${result}`;

    it('stages and verifies the model on the instance store, starts ComfyUI and the worker, completes the hook', () => {
      const r = boot();
      expect(r.status, r.out).toBe(0);
      expect(r.out).toContain('checkpoint verified');
      expect(r.calls.filter((c) => c.startsWith('aws ') || c.startsWith('systemctl '))).toEqual([
        ...settingsCalls,
        'systemctl start comfyui.service',
        'aws configure set default.s3.preferred_transfer_client crt',
        'aws configure set default.s3.target_bandwidth 10Gb/s',
        `aws s3 cp --region us-east-1 --only-show-errors s3://model-bucket/models/flux1-schnell/rev/${CHECKPOINT} ${ckpt()}.part`,
        `aws s3 cp --region us-east-1 --only-show-errors s3://asset-bucket/worker-abc.mjs ${root}/opt/artloom/worker/worker.mjs`,
        'systemctl start artloom-worker.service',
        hook('CONTINUE'),
      ]);
      expect(readFileSync(ckpt(), 'utf8')).toBe(MODEL_BYTES);
      expect(statSync(ckpt()).uid).toBe(artloomUid());
      expect(readlinkSync(join(root, 'opt/artloom/models'))).toBe(join(nvme(), 'artloom-models'));
      expect(readFileSync(join(root, 'var/log/artloom/boot.log'), 'utf8')).toContain('boot done');
    });

    it('writes its settings anew from SSM at every boot: a second boot after a deploy gets the new values', () => {
      const first = boot();
      expect(first.status, first.out).toBe(0);
      expect(readFileSync(join(root, 'etc/artloom/worker.env'), 'utf8')).toContain('GPU_IDLE_SHUTDOWN_SECONDS=600\n');
      expect(first.calls).toContain(`cloudwatch-agent-ctl -a fetch-config -m ec2 -s -c file:${root}/etc/artloom/cloudwatch-agent.json`);
      put(state('s3/asset-bucket/worker-def.mjs'), 'console.log("worker 2")\n');
      const second = boot({ WORKER_BUNDLE_URL: 's3://asset-bucket/worker-def.mjs', IDLE: '900' });
      expect(second.status, second.out).toBe(0);
      expect(readFileSync(join(root, 'etc/artloom/boot.env'), 'utf8')).toContain('WORKER_BUNDLE_URL=s3://asset-bucket/worker-def.mjs\n');
      expect(readFileSync(join(root, 'etc/artloom/worker.env'), 'utf8')).toContain('GPU_IDLE_SHUTDOWN_SECONDS=900\n');
      expect(readFileSync(join(root, 'opt/artloom/worker/worker.mjs'), 'utf8')).toBe('console.log("worker 2")\n');
      expect(existsSync(join(root, 'etc/artloom/boot.env.tmp'))).toBe(false);
    });

    it('abandons the instance when its settings cannot be read', () => {
      rmSync(state('ssm'), { recursive: true, force: true });
      put(state('imds/tags/instance/artloom-settings'), SETTINGS);
      const r = run(join(root, 'opt/artloom/boot.sh'));
      expect(r.status).not.toBe(0);
      expect(r.calls).toContain(hook('ABANDON'));
      expect(r.calls.some((c) => c.startsWith('aws s3 cp'))).toBe(false);
    });

    it('prepares a warm-pool instance without staging anything', () => {
      const r = boot({}, 'Warmed:Stopped');
      expect(r.status, r.out).toBe(0);
      expect(r.calls.filter((c) => c.startsWith('aws ') || c.startsWith('systemctl '))).toEqual([...settingsCalls, hook('CONTINUE')]);
      expect(existsSync(ckpt())).toBe(false);
    });

    it('refuses to serve a checkpoint whose SHA-256 does not match: deletes it, stops, abandons the instance, exits 1', () => {
      const r = boot({ MODEL_SHA256: 'ab'.repeat(32) });
      expect(r.status).toBe(1);
      expect(r.out).toContain(`checksum mismatch: expected ${'ab'.repeat(32)}, got ${MODEL_SHA256}`);
      expect(r.out).toContain('boot failed: abandoning the instance');
      expect(r.calls).toContain('systemctl stop artloom-worker.service comfyui.service');
      expect(r.calls).toContain(hook('ABANDON'));
      expect(r.calls).not.toContain('systemctl start artloom-worker.service');
      expect(r.calls).not.toContain(hook('CONTINUE'));
      expect(existsSync(ckpt())).toBe(false);
      expect(existsSync(`${ckpt()}.part`)).toBe(false);
    });

    it('refuses to serve without a pinned checksum', () => {
      const r = boot({ MODEL_SHA256: '' });
      expect(r.status).toBe(1);
      expect(r.out).toContain('refusing to serve an unverified checkpoint');
      expect(r.calls).toContain(hook('ABANDON'));
      expect(r.calls.some((c) => c.startsWith('aws s3 cp'))).toBe(false);
    });
  });
});
