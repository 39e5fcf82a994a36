import { Component, Suspense, type ErrorInfo, type ReactNode } from 'react';
import { Button } from './Button';
import { InlineLoading } from './Spinner';

interface ErrorBoundaryProps {
  /** Rendered instead of the children after an error; `retry` re-mounts them. */
  fallback: (retry: () => void, error: unknown) => ReactNode;
  onError?: (error: unknown, info: ErrorInfo) => void;
  children: ReactNode;
}

interface ErrorBoundaryState {
  error: unknown;
  hasError: boolean;
}

export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { error: null, hasError: false };

  static getDerivedStateFromError(error: unknown): ErrorBoundaryState {
    return { error, hasError: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    this.props.onError?.(error, info);
  }

  private retry = () => this.setState({ error: null, hasError: false });

  override render() {
    return this.state.hasError ? this.props.fallback(this.retry, this.state.error) : this.props.children;
  }
}

export interface RemoteSlotProps {
  /** What is being loaded, for the loading text (e.g. 'local services'). */
  name: string;
  /** Friendly text when the part cannot be loaded. */
  failureText?: ReactNode;
  /** Called by "Try again": should return a fresh lazy component so the load really re-runs. */
  onRetry?: () => void;
  children: ReactNode;
}

/**
 * Wraps a part of the page that comes from a separately deployed remote: shows a loading line
 * while it downloads and a calm message (with Try again) if it cannot be loaded.
 */
export function RemoteSlot({ name, failureText, onRetry, children }: RemoteSlotProps) {
  return (
    <ErrorBoundary
      onError={(error) => console.error(`[afterwards] could not load ${name}`, error)}
      fallback={(retry) => (
        <div className="aw-remote-fallback" role="alert">
          <p>{failureText ?? `Sorry, we couldn't load ${name} just now. Please try again in a moment.`}</p>
          <Button
            variant="secondary"
            size="sm"
            onClick={() => {
              onRetry?.();
              retry();
            }}
          >
            Try again
          </Button>
        </div>
      )}
    >
      <Suspense fallback={<InlineLoading>{`Loading ${name}...`}</InlineLoading>}>{children}</Suspense>
    </ErrorBoundary>
  );
}
