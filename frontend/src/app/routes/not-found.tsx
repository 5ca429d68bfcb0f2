import { CallToAction } from '../../components/ui/call-to-action';
import { PageHero } from '../../components/ui/page-hero';
import { Seo } from '../../components/ui/seo';
import { paths } from '../../config/paths';

export default function NotFoundPage() {
  return (
    <div className="container narrow">
      <Seo title="Page not found" description="This page does not exist." />
      <PageHero title="Page not found" tagline="The page you asked for does not exist or has moved." />
      <CallToAction to={paths.home} className="center">
        Back to the studio
      </CallToAction>
    </div>
  );
}
