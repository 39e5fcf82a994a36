import { StrictMode } from 'react';
import { ToastProvider } from '@afterwards/web-ui';
import { App } from './App';

/** The whole app, as the browser draws or hydrates it and as ./prerender renders it at build time. */
export function Root() {
  return (
    <StrictMode>
      <ToastProvider>
        <App />
      </ToastProvider>
    </StrictMode>
  );
}
