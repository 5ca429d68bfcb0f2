import { PRODUCT_NAME } from '@shared/constants';
import { REFUSAL_KINDS, SCREENING_LAYERS } from '@shared/safety';
import { Link } from 'react-router-dom';
import { DocPage } from '../../components/layouts/doc-page';
import { paths } from '../../config/paths';

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
      <h2>Prompts we refuse</h2>
      <p>
        Every prompt is checked before any image is made. A refused prompt makes no image and does not count against your hourly limit; the
        message tells you what was found, so you can rephrase it. We refuse prompts that contain:
      </p>
      <ul>
        <li>
          <strong>{REFUSAL_KINDS.sexual}</strong>: explicit sexual words, nudity and requests for pornography, in any language;
        </li>
        <li>
          <strong>{REFUSAL_KINDS.minors}</strong>: any child or teenager (a word for one, or an age under 18) beside a sexual word;
        </li>
        <li>
          <strong>{REFUSAL_KINDS.violence}</strong>: beheadings, mutilation, spilled organs and the like;
        </li>
        <li>
          <strong>{REFUSAL_KINDS.self_harm}</strong>: suicide and ways of hurting oneself;
        </li>
        <li>
          <strong>{REFUSAL_KINDS.hate}</strong>: hateful phrases, or violence wished on a group of people;
        </li>
        <li>
          <strong>{REFUSAL_KINDS.slur}</strong>: slurs against a group of people;
        </li>
        <li>
          <strong>{REFUSAL_KINDS.real_person}</strong>: a well-known real person beside a sexual or violent word;
        </li>
        <li>
          <strong>{REFUSAL_KINDS.profanity}</strong>: swear words, which would otherwise be shown beside the picture;
        </li>
        <li>
          <strong>{REFUSAL_KINDS.blocked}</strong>: a list our moderators keep.
        </li>
      </ul>
      <p>
        Words are matched as whole words, also when written with numbers for letters (p0rn) or spaced out (p o r n); a longer harmless word
        that contains one (Scunthorpe, classic) is fine.
      </p>
      <p>
        Three checks run in turn, and a refusal says which one found the problem: {SCREENING_LAYERS.words}, {SCREENING_LAYERS.model} (which
        knows phrasings like those it learnt from), then {SCREENING_LAYERS.guardrail}, which reads what a prompt means whatever its wording
        or language. When the meaning check cannot answer, nothing is started and you are asked to try again in a moment.
      </p>
      <h2>Reporting a picture</h2>
      <p>
        Every picture has a <strong>Report</strong> button in its viewer. Reports reach our moderators; a picture reported from several
        networks is hidden from the public galleries until a moderator has looked at it.
      </p>
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
