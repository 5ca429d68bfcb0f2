import { PRODUCT_NAME } from '@shared/constants';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { DocPage } from '../../components/layouts/doc-page';
import { Accordion, type AccordionItem } from '../../components/ui/accordion';
import { SearchField } from '../../components/ui/search-field';
import { paths } from '../../config/paths';

const SECTIONS: { title: string; items: AccordionItem[] }[] = [
  {
    title: 'Getting started',
    items: [
      { q: 'How do I create an image?', a: 'Open the studio, describe the picture, choose an aspect ratio and press Generate Image.' },
      { q: 'Where are my images?', a: 'In the My AI Creations tab, on this browser. Click one to view it full screen or download it.' },
      {
        q: 'How do I browse collections?',
        a: 'Use the links in the top bar or the footer; each collection opens in a full-screen viewer.',
      },
    ],
  },
  {
    title: 'Policies and safety',
    items: [
      { q: 'What is not allowed?', a: 'Harmful, illegal or deceptive content. The Use Policy lists it.' },
      { q: 'How do I report abuse?', a: 'Use the Report an Issue page; we review every report.' },
    ],
  },
  {
    title: 'Troubleshooting',
    items: [
      { q: 'Generation failed.', a: 'Wait a moment and press Generate Image again; your prompt stays in the box.' },
      { q: 'Images do not load.', a: 'Check your connection and reload; if it persists, report an issue with the page address.' },
    ],
  },
];
/** What the help search looks in: an article's question and its answer when that is plain text. */
const searchText = (item: AccordionItem) => `${item.q} ${typeof item.a === 'string' ? item.a : ''}`.toLowerCase();

export default function HelpPage() {
  const [query, setQuery] = useState('');
  const q = query.trim().toLowerCase();
  const sections = SECTIONS.map((s) => ({ ...s, items: s.items.filter((item) => !q || searchText(item).includes(q)) })).filter(
    (s) => s.items.length,
  );
  return (
    <DocPage title="Help Center" description={`Guides for using ${PRODUCT_NAME}: getting started, policies and troubleshooting.`}>
      <SearchField label="Search help" className="input" placeholder="Search help…" value={query} onChange={setQuery} />
      {sections.map((s) => (
        <section key={s.title}>
          <h2>{s.title}</h2>
          <Accordion items={s.items} />
        </section>
      ))}
      {sections.length === 0 && <p className="empty">No help articles match “{query}”.</p>}
      <p>
        Read the <Link to={paths.policy}>Use Policy</Link>, <Link to={paths.report}>report an issue</Link> or{' '}
        <Link to={paths.contact}>contact us</Link>.
      </p>
    </DocPage>
  );
}
