import { adminPlugin } from './admin';
import { authPlugin } from './auth';
import { faultsPlugin } from './faults';
import { generationPlugin } from './generation';
import { reconcilerPlugin } from './reconciler';
import { seedPlugin } from './seed';
import { storagePlugin } from './storage';
import type { LocalPlugin } from './types';

export type { LocalPlugin, PluginContext, PluginHandle } from './types';

/**
 * The local runtime's plugins, in start order (seed last: it stores through the finished runtime;
 * the reconciler after generation, whose Step Functions it asks).
 */
export const PLUGINS: LocalPlugin[] = [
  authPlugin,
  generationPlugin,
  adminPlugin,
  storagePlugin,
  reconcilerPlugin,
  faultsPlugin,
  seedPlugin,
];
