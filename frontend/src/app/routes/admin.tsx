import { Link } from 'react-router-dom';
import { PageHero } from '../../components/ui/page-hero';
import { Seo } from '../../components/ui/seo';
import { paths } from '../paths';

/** The operator console arrives with a later issue; until then the route says so plainly. */
export default function AdminPage() {
  return (
    <div className="container narrow">
      <Seo title="Operator console" description="The operator console of Artloom requires sign-in." />
      <PageHero title="Operator console" tagline="This area is for the site's operators and needs sign-in." />
      <p className="center">
        Curating the featured gallery and the collections is done here once you are signed in. Visitors can keep creating in the{' '}
        <Link to={paths.generate}>AI Art Studio</Link>.
      </p>
    </div>
  );
}
