import type { LocalDeployment } from '../functions/deployment';
import type { LocalMiddleware } from '../http-server';

/**
 * A piece of the local runtime beside the stand-in servers: the local Step Functions runner and
 * queue, the GPU worker with the preview renderer, the local JWT issuer, the seed step. Each area
 * owns its plugin file; `local/plugins/index.ts` lists them in start order.
 */
export interface LocalPlugin {
  name: string;
  start(ctx: PluginContext): Promise<PluginHandle | undefined>;
}

export interface PluginContext {
  /** Handler environment so far (tables, buckets, endpoints); plugins may add to it. */
  env: Record<string, string>;
  /** Public base URL of the local server, e.g. http://localhost:3000. */
  publicUrl: string;
  /** Persistent data folder, or null in tests. */
  dataDir: string | null;
  log: (line: string) => void;
  /** The synthesized stack's functions, running locally (the flow's steps, the reconciler). */
  deployment: LocalDeployment;
}

export interface PluginHandle {
  /** Variables to add to the handler environment (set before the API takes requests). */
  env?: Record<string, string>;
  /** Local-only HTTP routes, e.g. the OpenID provider under /__local/oidc. */
  middleware?: LocalMiddleware;
  /** Work to start once the API answers (seeding through the API, for example). */
  afterReady?: () => Promise<void>;
  stop?: () => Promise<void>;
}
