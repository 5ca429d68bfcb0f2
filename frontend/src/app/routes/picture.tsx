import type { ClientImage } from '@shared/client-image';
import { drawnBy } from '@shared/constants';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { CallToAction } from '../../components/ui/call-to-action';
import { Seo } from '../../components/ui/seo';
import { Spinner } from '../../components/ui/spinner';
import { paths } from '../../config/paths';
import { fetchPublicImage } from '../../features/lightbox/api/share-api';
import { downloadHref } from '../../features/lightbox/components/lightbox';
import { RemixActions } from '../../features/lightbox/components/remix-actions';
import { ReportButton } from '../../features/lightbox/components/report-button';
import './picture.css';

/**
 * /i/<id>: one public picture, large, with how it was made and what to do with it. The same URL's
 * HTML carries the picture's link-preview tags (served by GET /i/{id}, lambdas/services/share.ts).
 */
export default function PicturePage() {
  const { id = '' } = useParams();
  const [state, setState] = useState<{ id: string; image?: ClientImage; missing?: boolean }>();

  useEffect(() => {
    const abort = new AbortController();
    // The picture's own page is what strangers see: public pictures only, the author's too (no visitor id sent).
    fetchPublicImage(id, abort.signal, false).then(
      (image) => setState({ id, image }),
      () => {
        if (!abort.signal.aborted) setState({ id, missing: true });
      },
    );
    return () => abort.abort();
  }, [id]);

  const current = state?.id === id ? state : undefined;
  if (!current) return <Spinner />;
  const image = current.image;
  if (!image) {
    return (
      <div className="container narrow picture-page picture-page--missing">
        <Seo title="Picture not found" description="This picture is private or no longer exists." />
        <h1>Picture not found</h1>
        <p>This picture is private, or it no longer exists.</p>
        <CallToAction to={paths.generate}>Make your own</CallToAction>
      </div>
    );
  }
  const href = downloadHref(image);
  const made = new Date(image.timestamp);
  return (
    <div className="container picture-page">
      <Seo
        title={image.prompt.slice(0, 60)}
        description={`${image.renderer === 'preview' ? 'A picture drawn by the' : 'An AI picture made with'} ${drawnBy(image)}: ${image.prompt.slice(0, 150)}`}
      />
      <figure className="picture-page__figure">
        <img src={image.url} alt={image.prompt} width={image.width} height={image.height} fetchPriority="high" />
      </figure>
      <section className="picture-page__about" aria-labelledby="picture-prompt">
        <h1 id="picture-prompt" className="picture-page__prompt">
          {image.prompt}
        </h1>
        <dl className="picture-page__facts">
          <dt>Shape</dt>
          <dd>{image.aspectRatio}</dd>
          <dt>Model</dt>
          <dd>{drawnBy(image)}</dd>
          <dt>Made</dt>
          <dd>
            <time dateTime={made.toISOString()}>
              {made.toLocaleDateString(undefined, { year: 'numeric', month: 'long', day: 'numeric' })}
            </time>
          </dd>
        </dl>
        <div className="picture-page__actions">
          {href && (
            <a className="btn btn--primary" href={href} download={image.filename}>
              Download
            </a>
          )}
          <RemixActions image={image} />
          <ReportButton imageId={image.id} />
        </div>
      </section>
    </div>
  );
}
