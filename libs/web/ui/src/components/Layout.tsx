import type { CSSProperties, ElementType, HTMLAttributes, ReactNode } from 'react';
import { cx } from './cx';

type Space = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8;
const space = (n: Space) => `var(--aw-space-${n})`;

interface BoxProps extends HTMLAttributes<HTMLElement> {
  as?: ElementType;
  children?: ReactNode;
}

/** Centred, padded content column. */
export function Container({ as: As = 'div', narrow, className, ...rest }: BoxProps & { narrow?: boolean }) {
  return <As className={cx('aw-container', narrow && 'aw-container--narrow', className)} {...rest} />;
}

/** Vertical flow with a consistent gap. */
export function Stack({ as: As = 'div', gap = 4, className, style, ...rest }: BoxProps & { gap?: Space }) {
  return <As className={cx('aw-stack', className)} style={{ '--aw-stack-gap': space(gap), ...style } as CSSProperties} {...rest} />;
}

/** Wrapping horizontal group (buttons, badges, links). */
export function Cluster({
  as: As = 'div',
  gap = 3,
  justify,
  align,
  className,
  style,
  ...rest
}: BoxProps & { gap?: Space; justify?: CSSProperties['justifyContent']; align?: CSSProperties['alignItems'] }) {
  const vars = { '--aw-cluster-gap': space(gap), ...(justify ? { '--aw-cluster-justify': justify } : {}), ...(align ? { '--aw-cluster-align': align } : {}) };
  return <As className={cx('aw-cluster', className)} style={{ ...vars, ...style } as CSSProperties} {...rest} />;
}

/** Responsive grid: as many columns of at least `min` as fit. */
export function Grid({ as: As = 'div', min = '16rem', gap = 5, className, style, ...rest }: BoxProps & { min?: string; gap?: Space }) {
  return <As className={cx('aw-grid', className)} style={{ '--aw-grid-min': min, '--aw-grid-gap': space(gap), ...style } as CSSProperties} {...rest} />;
}

export function VisuallyHidden({ as: As = 'span', className, ...rest }: BoxProps) {
  return <As className={cx('aw-visually-hidden', className)} {...rest} />;
}

/** First focusable element on every page: jumps past the header. */
export function SkipLink({ href = '#main', children = 'Skip to main content' }: { href?: string; children?: ReactNode }) {
  return (
    <a className="aw-skip-link" href={href}>
      {children}
    </a>
  );
}
