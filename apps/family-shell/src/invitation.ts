// A memory invitation opened while signed out waits in this browser (local storage, so it survives the e-mail
// confirmation of a new account opening in another tab) until the person is signed in.
const KEY = 'afterwards.pendingInvitation';

export function rememberPendingInvitation(token: string): void {
  try {
    localStorage.setItem(KEY, token);
  } catch {
    /* storage refused (private mode): the person can open the e-mail's link again once signed in */
  }
}

export function forgetPendingInvitation(): void {
  try {
    localStorage.removeItem(KEY);
  } catch {
    /* nothing kept */
  }
}

export function pendingInvitation(): string | null {
  try {
    return localStorage.getItem(KEY);
  } catch {
    return null;
  }
}

/** Where a signed-in dashboard goes first when an invitation is waiting. */
export const acceptInvitationPath = (token: string): string => `/invitation?token=${encodeURIComponent(token)}&accept=1`;

/** Whether the signed-in address is the one the invitation was sent to (addresses compare without case). */
export function invitationIsFor(invitedEmail: string, signedInEmail: string | undefined): boolean {
  return signedInEmail !== undefined && invitedEmail.trim().toLowerCase() === signedInEmail.trim().toLowerCase();
}
