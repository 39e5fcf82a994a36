// Async boundary: lets Module Federation negotiate shared modules (React) before the app runs.
import('./bootstrap');
