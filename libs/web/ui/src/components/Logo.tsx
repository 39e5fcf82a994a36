import { useState } from 'react';
import doveUrl from '../../assets/dove.svg';
import doveDataUri from '../../assets/dove.svg?inline';
import { cx } from './cx';

export type LogoSize = 'sm' | 'md' | 'lg' | 'xl';

/**
 * The image sources the logo tries, in order: the emitted (cacheable) dove file, then the same
 * drawing inlined as a data: URI (survives a missing or blocked file). If every source fails, the
 * logo falls back to a dove emoji badge.
 */
export const DEFAULT_LOGO_SOURCES: readonly string[] = [doveUrl, doveDataUri];

export interface LogoProps {
  size?: LogoSize;
  /** Override the list of sources (tried in order). */
  sources?: readonly string[];
  /** Accessible name; ignored when decorative. */
  label?: string;
  /** Hide from assistive technology (use when the product name is written next to it). */
  decorative?: boolean;
  className?: string;
}

export function Logo({ size = 'md', sources = DEFAULT_LOGO_SOURCES, label = 'Afterwards', decorative, className }: LogoProps) {
  const [index, setIndex] = useState(0);
  const src = sources[index];
  const a11y = decorative ? { 'aria-hidden': true as const } : { role: 'img', 'aria-label': label };

  if (src === undefined) {
    return (
      <span className={cx('aw-logo', `aw-logo--${size}`, 'aw-logo--emoji', className)} data-logo-fallback="emoji" {...a11y}>
        🕊️
      </span>
    );
  }
  return (
    <span className={cx('aw-logo', `aw-logo--${size}`, className)} {...a11y}>
      <img key={src} src={src} alt="" draggable={false} onError={() => setIndex((i) => i + 1)} />
    </span>
  );
}
