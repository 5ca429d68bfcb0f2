import { PRODUCT_NAME } from '@shared/constants';
import { DocPage } from '../../components/layouts/doc-page';
import { CallToAction } from '../../components/ui/call-to-action';
import { paths } from '../../config/paths';

export default function AboutPage() {
  return (
    <DocPage
      title="About Us"
      tagline="Turning words into pictures, for everyone."
      description={`${PRODUCT_NAME} turns a text description into a picture in seconds, and curates themed collections of AI art.`}
    >
      <p>
        {PRODUCT_NAME} is a free text-to-image studio for designers, marketers, creatives and the curious. Type a description, pick a shape,
        and the FLUX.1-schnell model paints it in a few seconds on our GPUs.
      </p>
      <p>
        Beside the studio we curate fourteen collections — from photography and seascapes to space and fantasy — that you can browse full
        screen and download.
      </p>
      <p>There is no sign-up: your creations are kept for this browser under an anonymous id.</p>
      <CallToAction to={paths.generate} className="center">
        Start creating
      </CallToAction>
    </DocPage>
  );
}
