import { lazy, Suspense } from 'react';
import { Seo } from '../../components/ui/seo';
// The generator and the extras below are lazy chunks, but index.html holds their prerendered markup, painted before
// any script runs: their stylesheets ride in the first CSS (imported here, in the first chunk) so nothing shifts when
// the chunks arrive. Each component imports its own stylesheet too; Vite keeps one copy, in the first CSS.
import '../../features/studio/studio.css';
import '../../features/gallery/gallery.css';
import '../../features/ads/ads.css';
import './generator-page.css';
import './home-extras.css';

/*
 * The generator (studio, wall, gallery, ads) is its own chunk, shared with /generate: home's first chunk
 * holds the shell (router, layout) and hydrates it at once, while the prerendered generator stays on
 * screen until its chunk (requested in parallel: index.html preloads it) hydrates it.
 */
const GeneratorPage = lazy(() => import('./generator-page').then((m) => ({ default: m.GeneratorPage })));
const HomeExtras = lazy(() => import('./home-extras'));

/** Home: the generator first, then how it works and the collections (spec section 2 'Home'). */
export default function HomePage() {
  return (
    <>
      <Seo
        title="AI Image Generator: Turn Text into Images"
        description="Type a prompt, pick an aspect ratio and get a picture painted by FLUX.1-schnell in seconds. Browse featured AI art and themed collections."
        keywords="AI image generator, text to image, FLUX.1 schnell, AI art, prompt to picture"
      />
      <div className="container">
        <Suspense fallback={<div className="generator-placeholder" />}>
          <GeneratorPage home />
        </Suspense>
      </div>
      {/* Below the fold: its own chunk; on first load the prerendered HTML shows until it hydrates. */}
      <Suspense fallback={null}>
        <HomeExtras />
      </Suspense>
    </>
  );
}
