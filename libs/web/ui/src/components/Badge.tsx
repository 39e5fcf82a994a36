import type { HTMLAttributes } from 'react';
import { cx } from './cx';

export interface BadgeProps extends HTMLAttributes<HTMLSpanElement> {
  tone?: 'neutral' | 'accent' | 'featured' | 'success' | 'warning' | 'danger';
}

export function Badge({ tone = 'neutral', className, ...rest }: BadgeProps) {
  return <span className={cx('aw-badge', tone !== 'neutral' && `aw-badge--${tone}`, className)} {...rest} />;
}
