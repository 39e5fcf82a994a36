// Contact Support address until the server's (GET /api/sign-in-options → supportEmail) has arrived:
// the same one the policies give.
export { SUPPORT_EMAIL } from '../content/policies';
