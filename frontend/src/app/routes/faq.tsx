import { PRODUCT_NAME } from '@shared/constants';
import { Link } from 'react-router-dom';
import { DocPage } from '../../components/layouts/doc-page';
import { Accordion } from '../../components/ui/accordion';
import { paths } from '../../config/paths';

export default function FaqPage() {
  return (
    <DocPage
      title="Frequently Asked Questions"
      description={`Answers about ${PRODUCT_NAME}: generating images, prompts and troubleshooting.`}
    >
      <h2>General</h2>
      <Accordion
        items={[
          { q: `Is ${PRODUCT_NAME} free?`, a: 'Yes. Generating and downloading images is free, within fair-use limits per hour.' },
          { q: 'Do I need an account?', a: 'No. An anonymous id in your browser keeps your creations; clearing site data forgets them.' },
          { q: 'Who owns the images I make?', a: 'You do, and you may use them commercially — see the Terms.' },
        ]}
      />
      <h2>Prompts</h2>
      <Accordion
        items={[
          {
            q: 'What makes a good prompt?',
            a: 'A subject, a setting and a mood: “A lighthouse on a cliff at dawn, soft mist, warm light”. At least two real words.',
          },
          { q: 'Why was my prompt refused?', a: 'Prompts need at least 6 characters, two words and a vowel, and no long runs of symbols.' },
          {
            q: 'Which aspect ratio should I pick?',
            a: '4:3 for photos, 16:9 or 2.35:1 for banners, 1:1 for posts, 2:3 and 9:16 for portraits and stories.',
          },
        ]}
      />
      <h2>Troubleshooting</h2>
      <Accordion
        items={[
          { q: 'It says “Failed to generate”.', a: 'Try again in a moment; the GPU may have been busy. Your prompt is kept.' },
          { q: 'It is waiting for a GPU.', a: 'When all GPUs are busy your job queues; the studio shows its position and an estimate.' },
          {
            q: 'Still stuck?',
            a: (
              <>
                <Link to={paths.contact}>Contact us</Link> and tell us what happened.
              </>
            ),
          },
        ]}
      />
    </DocPage>
  );
}
