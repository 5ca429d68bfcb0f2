import { Seo } from '../../components/ui/seo';
import { GeneratorPage } from './generator-page';

export default function GenerateRoute() {
  return (
    <div className="container">
      <Seo
        title="AI Art Studio: Generate Images from Text"
        description="Describe a picture, choose an aspect ratio and generate it with FLUX.1-schnell. Your creations stay in My AI Creations."
        keywords="AI art studio, generate images, text to image, FLUX"
      />
      <GeneratorPage />
    </div>
  );
}
