import { authPlugin } from './auth';
import type { LocalPlugin } from './types';

export type { LocalPlugin, PluginContext, PluginHandle } from './types';

/** The local runtime's plugins, in start order. */
export const PLUGINS: LocalPlugin[] = [authPlugin];
