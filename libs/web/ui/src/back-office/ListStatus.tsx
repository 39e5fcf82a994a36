import type { ReactNode } from 'react';
import { Alert } from '../components/Alert';
import { Button } from '../components/Button';
import { Icon } from '../components/Icon';

/** A staff list or panel that could not load: the message, read out at once, and Try again when it can refetch. */
export function LoadFailed({ children, onRetry }: { children: ReactNode; onRetry?: () => void }) {
  return (
    <div role="alert">
      <Alert tone="error">{children}</Alert>
      {onRetry ? (
        <Button variant="secondary" size="sm" onClick={onRetry} icon={<Icon name="refresh" size={16} />} className="aw-retry">
          Try again
        </Button>
      ) : null}
    </div>
  );
}

/** A staff list's count line in its bar, saying so while a refetch runs; read out when it changes. */
export function ListCount({ fetching, children }: { fetching: boolean; children: ReactNode }) {
  return (
    <p className="aw-muted aw-small" aria-live="polite">
      {children}
      {fetching ? ' · updating…' : ''}
    </p>
  );
}

/** What could not be loaded (the title) and why, with Try again inside when the screen can refetch. */
export function FailedAlert({ title, reason, onRetry }: { title: string; reason: string; onRetry?: () => void }) {
  return (
    <Alert tone="error" title={title}>
      <p>{reason}</p>
      {onRetry ? (
        <Button variant="secondary" size="sm" onClick={onRetry}>
          Try again
        </Button>
      ) : null}
    </Alert>
  );
}
