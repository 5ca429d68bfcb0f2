import type { default as Sharp } from 'sharp';

/**
 * sharp, loaded on first use. It is a native module: only the functions that declare it
 * (infra/lib/lambda-functions.ts, nativeModules) have it installed beside their bundle, so a static
 * import would make every other function that merely reaches a module using it fail at import
 * (`Could not load the "sharp" module`). The layer check (.dependency-cruiser.cjs) refuses any
 * other import of 'sharp' under lambdas/.
 */
let loaded: Promise<typeof Sharp> | undefined;

export function loadSharp(): Promise<typeof Sharp> {
  loaded ??= import('sharp').then((m) => m.default);
  return loaded;
}
