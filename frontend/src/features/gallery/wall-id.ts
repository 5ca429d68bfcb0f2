/**
 * The picture wall's id (components/showcase-wall.tsx): the prerendered pages' first paint waits until the parser has
 * read it (build/prerender-pages.ts, `<link rel="expect" blocking="render">`). Its markup comes after the studio's but
 * shows above it on phones, so a first paint made while the HTML was half parsed drew the studio where the wall then
 * went (issue 32: CLS 0.12 on home in 1 Lighthouse run of 15).
 */
export const WALL_ID = 'picture-wall';
