import { PRODUCT_NAME } from '@shared/constants';
import { Link } from 'react-router-dom';
import { DocPage } from '../../components/layouts/doc-page';
import { paths } from '../../config/paths';

export default function TermsPage() {
  return (
    <DocPage title="Terms of Service" meta="Effective 15 January 2025" description={`The terms that govern your use of ${PRODUCT_NAME}.`}>
      <h2>Definitions and acceptance</h2>
      <p>
        “Service” means the {PRODUCT_NAME} web site and its image generator; “you” means the person using it. By using the Service you
        accept these <Link to={paths.terms}>Terms</Link> and our <Link to={paths.privacy}>Privacy Policy</Link>.
      </p>
      <h2>Accounts</h2>
      <p>Keep any credentials safe; you are responsible for activity under your account.</p>
      <h2>Acceptable use</h2>
      <ul>
        <li>No illegal, harmful, harassing, hateful or sexually explicit content, and nothing involving minors.</li>
        <li>No infringement of others' intellectual property or privacy, and no impersonation.</li>
        <li>No attempts to break, overload, scrape or reverse engineer the Service.</li>
      </ul>
      <h2>Your content</h2>
      <p>
        You own the images you generate and may use them commercially. You grant us a licence to your prompts to operate and improve the
        Service.
      </p>
      <h2>Paid plans</h2>
      <p>Paid plans renew automatically and are non-refundable; a cancellation takes effect at the end of the billing period.</p>
      <h2>Termination</h2>
      <p>We may suspend or end access for breaches of these Terms.</p>
      <h2>Disclaimer and liability</h2>
      <p>
        The Service is provided “as is” without warranties. Our liability is capped at the greater of 100 US dollars or the amounts you paid
        us in the last 12 months. You will indemnify us against claims arising from your misuse.
      </p>
      <h2>Law and disputes</h2>
      <p>Delaware law governs these Terms. Disputes go to binding arbitration, and you waive class actions.</p>
      <h2>Changes</h2>
      <p>
        We give 30 days' notice of material changes. Questions? <Link to={paths.contact}>Contact us</Link>.
      </p>
    </DocPage>
  );
}
