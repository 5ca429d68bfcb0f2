import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

/** A paragraph holding a page's one primary link button: where the visitor goes next. */
export function CallToAction({ to, className, children }: { to: string; className?: string; children: ReactNode }) {
  return (
    <p className={className}>
      <Link to={to} className="btn btn--primary">
        {children}
      </Link>
    </p>
  );
}
