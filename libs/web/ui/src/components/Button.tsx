import type { AnchorHTMLAttributes, ButtonHTMLAttributes, ReactNode } from 'react';
import { cx } from './cx';

export type ButtonVariant = 'primary' | 'secondary' | 'quiet' | 'danger';
export type ButtonSize = 'sm' | 'md' | 'lg';

interface StyleProps {
  variant?: ButtonVariant;
  size?: ButtonSize;
  block?: boolean;
  icon?: ReactNode;
}

export function buttonClassName({ variant = 'primary', size = 'md', block }: StyleProps, extra?: string): string {
  return cx('aw-btn', `aw-btn--${variant}`, size !== 'md' && `aw-btn--${size}`, block && 'aw-btn--block', extra);
}

export type ButtonProps = StyleProps & ButtonHTMLAttributes<HTMLButtonElement>;

export function Button({ variant, size, block, icon, className, type = 'button', children, ...rest }: ButtonProps) {
  return (
    <button type={type} className={buttonClassName({ variant, size, block }, className)} {...rest}>
      {icon ? <span aria-hidden="true">{icon}</span> : null}
      {children}
    </button>
  );
}

export type ButtonLinkProps = StyleProps & AnchorHTMLAttributes<HTMLAnchorElement> & { external?: boolean };

/** A link that looks like a button. `external` opens in a new tab safely and says so to screen readers. */
export function ButtonLink({ variant, size, block, icon, external, className, children, ...rest }: ButtonLinkProps) {
  const externalProps = external ? { target: '_blank', rel: 'noopener noreferrer' } : {};
  return (
    <a className={buttonClassName({ variant, size, block }, className)} {...externalProps} {...rest}>
      {icon ? <span aria-hidden="true">{icon}</span> : null}
      {children}
      {external ? <span className="aw-visually-hidden"> (opens in a new tab)</span> : null}
    </a>
  );
}
