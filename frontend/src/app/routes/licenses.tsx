import { PRODUCT_NAME } from '@shared/constants';
import { Link } from 'react-router-dom';
import { DocPage } from '../../components/layouts/doc-page';
import { paths } from '../../config/paths';

export default function LicensesPage() {
  return (
    <DocPage
      title="Community License Agreement"
      meta="Effective April 5, 2025"
      description={`How you may use images from ${PRODUCT_NAME}.`}
    >
      <h2>Personal use</h2>
      <p>Free: download, print, share and remix images for personal, non-commercial projects.</p>
      <h2>Commercial use</h2>
      <p>
        Using collection images in products, ads or client work needs a commercial license — <Link to={paths.contact}>contact us</Link>.
        Images you generate yourself are yours, as the <Link to={paths.terms}>Terms</Link> say.
      </p>
      <h2>Prohibited uses</h2>
      <ul>
        <li>Reselling images as-is or as stock.</li>
        <li>Misleading, defamatory or unlawful uses, or implying endorsement.</li>
        <li>Training competing models on scraped collection images.</li>
      </ul>
      <h2>Attribution</h2>
      <p>
        Encouraged, not required: “Image: {PRODUCT_NAME}”. Your data is handled under our <Link to={paths.privacy}>Privacy Policy</Link>.
      </p>
    </DocPage>
  );
}
