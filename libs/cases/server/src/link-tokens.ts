import { createHash, randomBytes } from 'node:crypto';

/**
 * Secrets carried by e-mailed or subscribed links (invitations, reminder stop links, calendar addresses):
 * the link holds the token, the database only its SHA-256, so a leaked table opens nothing.
 */
export const newLinkToken = (bytes: number): string => randomBytes(bytes).toString('base64url');
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');
