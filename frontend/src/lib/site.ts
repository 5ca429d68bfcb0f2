/** The domain of the copyright line; VITE_SITE_DOMAIN overrides it per deployment. */
export const SITE_DOMAIN = (import.meta.env.VITE_SITE_DOMAIN as string | undefined) ?? 'artloom.app';

/** Fisher-Yates shuffle into a new array. */
export function shuffle<T>(items: readonly T[], random: () => number = Math.random): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}
