import { Link } from 'react-router-dom';
import { PRODUCT_NAME } from '../../../../../shared/constants';
import { paths } from '../../../app/paths';
import { DocPage } from '../../../components/layouts/doc-page';

export default function UsePolicyPage() {
  return (
    <DocPage title="Use Policy" meta="April 5, 2025" description={`What you may and may not create with ${PRODUCT_NAME}.`}>
      <p>
        This policy sits beside our <Link to={paths.terms}>Terms</Link>, <Link to={paths.privacy}>Privacy Policy</Link> and{' '}
        <Link to={paths.licenses}>Community License</Link>.
      </p>
      <h2>Do not create</h2>
      <ul>
        <li>Sexual content involving minors, or non-consensual intimate imagery.</li>
        <li>Content that promotes violence, terrorism, self-harm or hatred.</li>
        <li>Deceptive images of real people, fake documents, or misinformation.</li>
        <li>Material that infringes copyright, trademarks or privacy.</li>
      </ul>
      <h2>Enforcement</h2>
      <p>We may remove content and restrict access that breaks this policy.</p>
      <h2>Report abuse</h2>
      <p>
        Seen something that breaks these rules? <Link to={paths.reportAbuseAlias}>Report abuse</Link> or{' '}
        <Link to={paths.report}>report an issue</Link>.
      </p>
    </DocPage>
  );
}
