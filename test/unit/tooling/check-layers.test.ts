import { describe, expect, it } from 'vitest';
import { layerViolations } from '../../../scripts/check-layers';

const check = (files: Record<string, string>) => layerViolations(new Map(Object.entries(files))).map((v) => v.rule);

describe('layer check', () => {
  it('refuses a feature importing another feature, statically, as a type or lazily', () => {
    expect(check({ 'frontend/src/features/search/page.tsx': "import { x } from '../gallery/api/gallery-api';" })).toEqual([
      "feature 'search' imports feature 'gallery'",
    ]);
    expect(check({ 'frontend/src/features/lightbox/components/a.tsx': "import type { T } from '../../share/api';" })).toHaveLength(1);
    expect(check({ 'frontend/src/features/lightbox/components/a.tsx': "const m = await import('../../share/api');" })).toHaveLength(1);
  });

  it('refuses an adapter importing a service, and shared/ importing app code', () => {
    expect(check({ 'lambdas/adapters/comfyui.ts': "import { map } from '../services/generation-progress';" })).toEqual([
      'an adapter imports a service',
    ]);
    expect(check({ 'shared/schemas/a.ts': "import { config } from '../../lambdas/lib/config';" })).toEqual(['shared/ imports app code']);
  });

  it('allows what the layers allow: a feature using lib, components and itself; a service using an adapter; app/ combining features', () => {
    expect(
      check({
        'frontend/src/features/lightbox/components/a.tsx': [
          "import { notify } from '../../../lib/notify';",
          "import { Spinner } from '../../../components/ui/spinner';",
          "import { share } from '../api/share-api';",
          "import { z } from 'zod';",
        ].join('\n'),
        'lambdas/services/search.ts': "import { queryAll } from '../adapters/images-table';",
        'frontend/src/app/routes/search.tsx':
          "import { x } from '../../features/gallery/api/gallery-api';\nimport { y } from '../../features/lightbox/components/lazy-lightbox';",
        'shared/schemas/gallery.ts': "import { uuidSchema } from './common';",
      }),
    ).toEqual([]);
  });
});
