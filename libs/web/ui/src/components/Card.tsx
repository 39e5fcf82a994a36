import type { ElementType, HTMLAttributes } from 'react';
import { cx } from './cx';

export interface CardProps extends HTMLAttributes<HTMLElement> {
  as?: ElementType;
  tone?: 'default' | 'raised' | 'muted' | 'accent';
}

export function Card({ as: As = 'div', tone = 'default', className, ...rest }: CardProps) {
  return <As className={cx('aw-card', tone !== 'default' && `aw-card--${tone}`, className)} {...rest} />;
}
