import { adminPlugin } from './admin';
import { authPlugin } from './auth';
import { generationPlugin } from './generation';
import { seedPlugin } from './seed';
import type { LocalPlugin } from './types';

export type { LocalPlugin, PluginContext, PluginHandle } from './types';

/** The local runtime's plugins, in start order (seed last: it stores through the finished runtime). */
export const PLUGINS: LocalPlugin[] = [authPlugin, generationPlugin, adminPlugin, seedPlugin];
