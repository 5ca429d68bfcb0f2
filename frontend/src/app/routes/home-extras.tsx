import { Link } from 'react-router-dom';
import { CATEGORIES } from '../../../../shared/category-table';
import { paths } from '../paths';

const STEPS = [
  { title: 'Describe it', text: 'Write what you want to see: a subject, a mood, a light. Two or more real words are enough.' },
  { title: 'Pick a shape', text: 'Six aspect ratios, from a square post to a cinematic 2.35:1 banner or a 9:16 story.' },
  { title: 'Keep it', text: 'Every picture lands in My AI Creations on this browser, ready to view full screen and download.' },
];

/** Home below the studio and the galleries: how it works, and the collections. */
export default function HomeExtras() {
  return (
    <>
      <section className="container home-steps" aria-labelledby="how-title">
        <h2 id="how-title">From words to pictures</h2>
        <ol className="steps">
          {STEPS.map((step, i) => (
            <li key={step.title} className="card">
              <span className="steps__n" aria-hidden="true">
                {i + 1}
              </span>
              <h3>{step.title}</h3>
              <p>{step.text}</p>
            </li>
          ))}
        </ol>
      </section>
      <section className="container home-collections" aria-labelledby="collections-title">
        <h2 id="collections-title">Explore the collections</h2>
        <ul className="collection-cards">
          {CATEGORIES.map((c, i) => (
            <li key={c.slug}>
              <Link to={`/${c.slug}`} className="collection-card" style={{ '--hue': (i * 360) / CATEGORIES.length } as React.CSSProperties}>
                <span className="collection-card__name">{c.navLabel}</span>
                <span className="collection-card__title">{c.heroTitle}</span>
              </Link>
            </li>
          ))}
        </ul>
        <p className="home-collections__cta">
          <Link to={paths.generate} className="btn btn--primary">
            Open the full studio
          </Link>
        </p>
      </section>
    </>
  );
}
