// The head of an auth card (styles/components/auth-card.css): the mark (the logo unless told), the page's
// one heading and, when given, its muted introduction; anything else the screen adds comes after.
import type { ReactNode, Ref } from 'react';
import { Logo } from './Logo';

export interface AuthCardHeadProps {
  /** The card's aria-labelledby points here. */
  titleId: string;
  title: ReactNode;
  titleClassName?: string;
  /** A heading the screen moves the focus to (it is then focusable by script only). */
  titleRef?: Ref<HTMLHeadingElement>;
  /** In place of the logo, e.g. a tick once something is done. */
  mark?: ReactNode;
  intro?: ReactNode;
  children?: ReactNode;
}

export function AuthCardHead({ titleId, title, titleClassName, titleRef, mark, intro, children }: AuthCardHeadProps) {
  return (
    <div className="aw-auth-card__head">
      {mark ?? <Logo size="lg" decorative />}
      <h1 id={titleId} ref={titleRef} tabIndex={titleRef ? -1 : undefined} className={titleClassName}>
        {title}
      </h1>
      {intro !== undefined ? <p className="aw-muted">{intro}</p> : null}
      {children}
    </div>
  );
}
