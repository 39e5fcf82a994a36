import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ToastProvider } from '@afterwards/web-ui';
import { App } from './App';
import { loadSignInOptions } from './auth/options';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('Afterwards: #root element missing from index.html');

// Asked alongside the session check, so the support address is there when the first page shows.
void loadSignInOptions();

createRoot(container).render(
  <StrictMode>
    <ToastProvider>
      <App />
    </ToastProvider>
  </StrictMode>,
);
