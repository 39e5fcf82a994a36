import { cx } from './cx';
import { Logo } from './Logo';

export const DEFAULT_LOADING_MESSAGE = 'Loading Afterwards...';

/** Decorative spinner: pair it with visible text (it is hidden from assistive technology). */
export function Spinner({ size = 'md', className }: { size?: 'sm' | 'md' | 'lg'; className?: string }) {
  return <span className={cx('aw-spinner', size !== 'md' && `aw-spinner--${size}`, className)} aria-hidden="true" />;
}

/** Spinner with a short text, announced politely. */
export function InlineLoading({ children }: { children: string }) {
  return (
    <div className="aw-loading-inline" role="status">
      <Spinner size="sm" />
      <span>{children}</span>
    </div>
  );
}

/** Full-page loading screen shown while the app starts. */
export function LoadingScreen({ message = DEFAULT_LOADING_MESSAGE }: { message?: string }) {
  return (
    <div className="aw-loading-screen" role="status" aria-live="polite" aria-busy="true">
      <Logo size="xl" decorative />
      <Spinner size="lg" />
      <p className="aw-loading-screen__message">{message}</p>
    </div>
  );
}
