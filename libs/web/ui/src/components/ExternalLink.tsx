import type { AnchorHTMLAttributes } from 'react';

/** Opens in a new tab without giving the new page access to ours, and tells screen-reader users. */
export function ExternalLink({ children, ...rest }: AnchorHTMLAttributes<HTMLAnchorElement>) {
  return (
    <a target="_blank" rel="noopener noreferrer" {...rest}>
      {children}
      <span className="aw-visually-hidden"> (opens in a new tab)</span>
    </a>
  );
}
