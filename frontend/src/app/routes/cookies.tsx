import { PRODUCT_NAME } from '@shared/constants';
import { Link } from 'react-router-dom';
import { DocPage } from '../../components/layouts/doc-page';
import { paths } from '../../config/paths';

export default function CookiesPage() {
  return (
    <DocPage
      title="Cookie Policy"
      meta="Effective January 15, 2025"
      description={`Which cookies and browser storage ${PRODUCT_NAME} uses, and your choices.`}
    >
      <h2>What we use</h2>
      <ul>
        <li>
          <strong>Strictly necessary</strong>: security (a request-forgery token) and your anonymous visitor id, which keeps My AI Creations
          on this browser.
        </li>
        <li>
          <strong>Functionality</strong>: remembered choices and cached collection lists.
        </li>
        <li>
          <strong>Analytics</strong>: aggregate usage to improve the service.
        </li>
        <li>
          <strong>Advertising</strong>: sponsored content and its measurement.
        </li>
      </ul>
      <h2>Your rights</h2>
      <p>Under the GDPR and the CCPA you may refuse non-essential cookies, and access or delete data linked to them.</p>
      <h2>Consent</h2>
      <p>
        Our consent banner lets you accept all, decline non-essential cookies, or customize by category. You can also clear storage in your
        browser.
      </p>
      <p>
        More in our <Link to={paths.privacyPolicyAlias}>Privacy Policy</Link>; questions go to <Link to={paths.contact}>contact</Link>.
      </p>
    </DocPage>
  );
}
