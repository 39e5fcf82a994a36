// Async boundary: lets Module Federation negotiate shared modules (React) before the app runs.
// The page's own chunk, where it has one, is asked for alongside the app's rather than after it has run:
// one round trip fewer before /login or the dashboard can draw (App's lazy() then finds it loaded).
const path = location.pathname.replace(/\/+$/, '');
if (path === '/login') void import('./pages/LoginPage');
else if (path === '/dashboard') void import('./pages/DashboardPage');
import('./bootstrap');
