import type { ReactNode } from 'react';
import './accordion.css';

export interface AccordionItem {
  q: string;
  a: ReactNode;
}

/** Native <details> accordions: keyboard and screen-reader support for free. */
export function Accordion({ items }: { items: readonly AccordionItem[] }) {
  return (
    <div className="accordion">
      {items.map((item) => (
        <details key={item.q}>
          <summary>{item.q}</summary>
          <div className="accordion__body">{item.a}</div>
        </details>
      ))}
    </div>
  );
}
