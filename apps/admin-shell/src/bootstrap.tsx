import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BACK_OFFICE_TOAST_DURATIONS, ToastProvider } from '@afterwards/web-ui';
import { App } from './App';
import '@afterwards/web-ui/back-office';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('Afterwards admin: #root element missing from index.html');

createRoot(container).render(
  <StrictMode>
    <ToastProvider durations={BACK_OFFICE_TOAST_DURATIONS}>
      <App />
    </ToastProvider>
  </StrictMode>,
);
