import { MINIMUM_AGE, PRODUCT_NAME, SHARED_COPY_MAX_AGE_SECONDS } from '@shared/constants';
import { Link } from 'react-router-dom';
import { DocPage } from '../../components/layouts/doc-page';
import { paths } from '../../config/paths';

export default function PrivacyPage() {
  return (
    <DocPage
      title="Privacy Policy"
      meta="Effective and last updated 15 June 2025"
      description={`How ${PRODUCT_NAME} collects, uses and protects your information.`}
    >
      <h2>Information we collect</h2>
      <ul>
        <li>Account data you give us, such as an email address when you contact us or subscribe.</li>
        <li>The prompts you type and the images generated from them.</li>
        <li>Log data (IP address, pages visited, times), device data (browser and operating system) and cookie data.</li>
      </ul>
      <h2>How we use it</h2>
      <p>
        To run and secure the service, generate and store your images, answer your messages, and improve the product — including training AI
        models, unless you opt out where that choice is available.
      </p>
      <h2>Legal bases (EEA and UK)</h2>
      <p>
        We rely on performance of a contract, our legitimate interests in running a safe service, your consent where asked, and legal
        obligations.
      </p>
      <h2>Disclosure</h2>
      <p>
        We share data with service providers that host and operate the service for us, when the law requires it, or in a business transfer.
      </p>
      <h2>Your gallery and its recovery code</h2>
      <p>
        Without an account, My AI Creations belongs to an anonymous, random id stored in your browser. Its{' '}
        <Link to={paths.restore}>recovery code</Link> is that id written for people: whoever enters it on another browser sees and adds to
        the same gallery, so keep it private. We cannot look a code up for you or tell you one you lost, and we never send it anywhere (the
        QR code carries it in the part of a link browsers do not send to servers). To start over with an empty gallery, clear this site's
        data in your browser; pictures you made stay under the old code.
      </p>
      <h2>Sharing a picture</h2>
      <p>
        The pictures you make are private: only your gallery shows them, through links that stop working after a few hours. When you share
        one, we put a public copy of it online, and anyone with its link can see and save it — and pass the link on — until you stop
        sharing. A shared picture can also be reported, and we may then review it. When you stop sharing, we delete the public copy and its
        link stops working; caches on the way (ours and the viewer's browser) may still show it for up to {SHARED_COPY_MAX_AGE_SECONDS / 60}{' '}
        minutes. Copies others saved while it was shared are beyond our reach. The picture itself stays in your gallery.
      </p>
      <h2>Security and retention</h2>
      <p>
        We protect data with industry-standard measures and keep it only as long as needed for the purposes above or as the law requires.
      </p>
      <h2>Your rights</h2>
      <p>
        In the EU and UK you may access, correct, delete, restrict or port your data and object to processing. California residents have the
        right to know, delete and opt out of the sale or sharing of personal information; we do not sell it.
      </p>
      <h2>International transfers</h2>
      <p>Your information may be processed in the United States, with safeguards required by law.</p>
      <h2>Children</h2>
      <p>The service is not for children under {MINIMUM_AGE}, and we do not knowingly collect their data.</p>
      <h2>Changes and contact</h2>
      <p>
        We will post changes on this page. Questions? <Link to={paths.contact}>Contact us</Link>. See also our{' '}
        <Link to={paths.cookies}>Cookie Policy</Link>.
      </p>
    </DocPage>
  );
}
