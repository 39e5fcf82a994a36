import type { MouseEvent, ReactNode } from 'react';
import { Container } from './Layout';
import { Logo } from './Logo';

export interface AppHeaderProps {
  /** Where the brand links to. */
  homeHref?: string;
  /** Small text after the product name (e.g. 'Staff area'). */
  subtitle?: ReactNode;
  /** Navigation and actions on the right. */
  children?: ReactNode;
  onHomeClick?: (e: MouseEvent<HTMLAnchorElement>) => void;
}

export function AppHeader({ homeHref = '/', subtitle, children, onHomeClick }: AppHeaderProps) {
  return (
    <header className="aw-header">
      <Container className="aw-header__inner">
        <a className="aw-brand" href={homeHref} onClick={onHomeClick}>
          <Logo size="md" decorative />
          <span>
            Afterwards
            {subtitle ? <span className="aw-brand__sub"> · {subtitle}</span> : null}
          </span>
        </a>
        {children}
      </Container>
    </header>
  );
}
