import { createHash } from 'node:crypto';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * What the GPU image is built from (infra/gpu/, the Deep Learning AMI, a pinned Node) and the
 * Image Builder component document that builds, validates and tests it; GpuImage wires these.
 */

export const GPU_FILES_DIR = join(dirname(fileURLToPath(import.meta.url)), '../../gpu');
/** Deep Learning Base OSS Nvidia Driver GPU AMI (Ubuntu 24.04, Python 3.12): the parent image, resolved at build time. */
export const DLAMI_SSM_PARAMETER = '/aws/service/deeplearning/ami/x86_64/base-oss-nvidia-driver-gpu-ubuntu-24.04/latest/ami-id';
/** Node for the worker (the Lambdas' runtime line); the tarball is checked against nodejs.org's SHASUMS256. */
export const WORKER_NODE_VERSION = '22.20.0';
/** Files the image build writes to the instance before running image-build.sh. */
export const IMAGE_FILES = [
  'image-build.sh',
  'validate-image.sh',
  'boot.sh',
  'requirements.lock.txt',
  'requirements.hashes.txt',
  'comfyui.service',
  'artloom-worker.service',
  'artloom-boot.service',
];
const STAGING = '/tmp/artloom-image';

/**
 * The component document (YAML; JSON is YAML): download and unpack infra/gpu/, run image-build.sh;
 * a validate phase on the build instance and a test phase on an instance started from the new image.
 * `filesUrl` is the asset's s3:// URL (a token at synth).
 */
export function componentDocument(comfyuiCommit: string, nodeVersion: string, filesUrl: string): string {
  const env = `COMFYUI_COMMIT=${comfyuiCommit} NODE_VERSION=${nodeVersion} FILES=${STAGING}`;
  return JSON.stringify({
    name: 'artloom-comfyui',
    description: 'ComfyUI, its pinned Python packages, Node and the Artloom boot script',
    schemaVersion: 1.0,
    phases: [
      {
        name: 'build',
        steps: [
          { name: 'Download', action: 'S3Download', inputs: [{ source: filesUrl, destination: `${STAGING}/files.zip` }] },
          {
            name: 'Build',
            action: 'ExecuteBash',
            timeoutSeconds: 3600,
            inputs: {
              commands: [`cd ${STAGING} && python3 -m zipfile -e files.zip .`, `${env} bash ${STAGING}/image-build.sh`],
            },
          },
        ],
      },
      {
        name: 'validate',
        steps: [
          {
            name: 'Installed',
            action: 'ExecuteBash',
            inputs: {
              // infra/gpu/validate-image.sh (as root, over the artloom-owned checkout), from the build's staging folder.
              commands: [`COMFYUI_COMMIT=${comfyuiCommit} bash ${STAGING}/validate-image.sh`],
            },
          },
        ],
      },
      {
        name: 'test',
        steps: [
          {
            name: 'CudaAndComfyUI',
            action: 'ExecuteBash',
            timeoutSeconds: 600,
            inputs: {
              commands: [
                'nvidia-smi',
                '/opt/ComfyUI/.venv/bin/python -c "import torch; assert torch.cuda.is_available(); print(torch.__version__, torch.version.cuda)"',
                'cd /opt/ComfyUI && timeout 300 .venv/bin/python main.py --quick-test-for-ci --cpu',
              ],
            },
          },
        ],
      },
    ],
  });
}

/** Image Builder versions are immutable: a changed definition gets a new version (derived from its hash). */
export function versionOf(content: string): string {
  const n = Number.parseInt(createHash('sha256').update(content).digest('hex').slice(0, 7), 16);
  return `1.${Math.floor(n / 1_000_000)}.${n % 1_000_000}`;
}
