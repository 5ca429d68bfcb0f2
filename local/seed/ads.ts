import sharp from 'sharp';

/** Seed ads: made-up products, drawn as 600x500 banners (SVG → WebP with sharp). */
export interface SeedAd {
  id: string;
  product: string;
  tagline: string;
  price: string;
  colors: [string, string];
  navigateUrl: string;
  alternateText: string;
}

export const SEED_ADS: SeedAd[] = [
  ad('lumen-lamp', 'Lumen Desk Lamp', 'Warm light for late ideas', '$49', ['#f6b93b', '#e55039']),
  ad('trail-pack', 'Trailhead 30L', 'The backpack that climbs with you', '$89', ['#38ada9', '#0a3d62']),
  ad('pour-over', 'Brewmaster Pour-Over', 'Slow coffee, fast mornings', '$29', ['#b87333', '#3c2415']),
  ad('aurora-buds', 'Aurora Earbuds', 'Silence the city, hear the music', '$79', ['#8e44ad', '#1e272e']),
  ad('canvas-print', 'Canvas Print Studio', 'Your AI art, on museum canvas', 'from $35', ['#e84393', '#6c5ce7']),
  ad('nimbus-shoes', 'Nimbus Runners', 'Like running on clouds', '$119', ['#74b9ff', '#0984e3']),
];

function ad(id: string, product: string, tagline: string, price: string, colors: [string, string]): SeedAd {
  return {
    id: `seed-ad-${id}`,
    product,
    tagline,
    price,
    colors,
    navigateUrl: `https://example.com/ads/${id}`,
    alternateText: `${product}: ${tagline}`,
  };
}

const escapeXml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function drawAdBanner(seed: SeedAd): Promise<Buffer> {
  const [from, to] = seed.colors;
  // Bold sans glyphs run up to ~0.7 em (DejaVu Sans Bold, the usual sans-serif here): shrink long names to fit
  // 520 px, and let the SVG squeeze the rare one that still would not (0.6 em clipped 'Brewmaster Pour-Over').
  const titleSize = Math.min(52, Math.floor(520 / (0.7 * seed.product.length)));
  const fit = 0.7 * titleSize * seed.product.length > 520 ? ' textLength="520" lengthAdjust="spacingAndGlyphs"' : '';
  // The call to action's pill grows with its text (bold 28 px ≈ 17 px a glyph). The page adds the
  // 'Sponsored' label itself, so the banner does not draw one.
  const cta = `Shop ${seed.price}`;
  const ctaWidth = Math.max(220, Math.ceil(cta.length * 17 + 64));
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="500" viewBox="0 0 600 500">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
  <rect width="600" height="500" fill="url(#g)"/>
  <circle cx="470" cy="150" r="120" fill="#ffffff" fill-opacity="0.15"/>
  <circle cx="120" cy="420" r="160" fill="#000000" fill-opacity="0.10"/>
  <text x="40" y="220" font-family="sans-serif" font-size="${titleSize}" font-weight="bold" fill="#ffffff"${fit}>${escapeXml(seed.product)}</text>
  <text x="40" y="275" font-family="sans-serif" font-size="28" fill="#ffffff">${escapeXml(seed.tagline)}</text>
  <rect x="40" y="360" width="${ctaWidth}" height="70" rx="35" fill="#ffffff"/>
  <text x="${40 + ctaWidth / 2}" y="405" text-anchor="middle" font-family="sans-serif" font-size="28" font-weight="bold" fill="${to}">${escapeXml(cta)}</text>
</svg>`;
  // Stored as the console stores an operator's banner (lambdas/services/admin-ads.ts: WebP, quality 82).
  return sharp(Buffer.from(svg)).webp({ quality: 82 }).toBuffer();
}
