// /invitation?token=…: where a memory invitation's e-mail link lands. Anyone holding the link sees what it is
// for; the account of the invited address accepts it and goes straight to the shared memory. Someone signed
// out signs in or creates an account first: the link waits in this browser and is accepted on their return.
// Someone signed in with another address is told so, by both addresses, and offered to switch account: signing
// out brings them back here, signed out, with the link still waiting.
import { useEffect, useId, useRef, useState } from 'react';
import { AcceptInvitationResponseSchema, InvitationPreviewSchema, MEMORY_ROLE_LABELS, MEMBER_ROLE_HINTS, type InvitationPreview } from '@afterwards/contracts';
import { ApiError, errorMessage, requestJson } from '@afterwards/web-data';
import { authClient, call } from '@afterwards/web-data/auth';
import { Alert, AuthCardHead, Button, ButtonLink, InlineLoading, useToast } from '@afterwards/web-ui';
import { AuthCardPage } from '../components/AuthCardPage';
import { navigate, useLocation } from '../router';
import { forgetPendingInvitation, invitationIsFor, rememberPendingInvitation } from '../invitation';
import { markSignedOut } from '../auth/session-store';
import type { SessionUser } from '../session';

/** `user`: who is signed in in this browser, or null. */
export function InvitationPage({ user }: { user: SessionUser | null }) {
  const signedIn = user !== null;
  const toast = useToast();
  const params = new URLSearchParams(useLocation().search);
  const token = params.get('token') ?? '';
  const acceptNow = params.get('accept') === '1';
  const titleId = useId();
  const [preview, setPreview] = useState<InvitationPreview | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const tried = useRef(false);
  const [switching, setSwitching] = useState(false);
  // Signed in as someone other than the person invited: accepting would only be refused.
  const otherAccount = user?.email && preview && !invitationIsFor(preview.email, user.email) ? user.email : null;

  useEffect(() => {
    let live = true;
    requestJson('GET', `/api/invitations/${encodeURIComponent(token)}`, { schema: InvitationPreviewSchema }).then(
      (answer) => live && setPreview(answer),
      (error: unknown) => {
        if (!live) return;
        // A used or expired link is not worth keeping for later.
        if (error instanceof ApiError && error.status === 404) forgetPendingInvitation();
        setProblem(errorMessage(error));
      },
    );
    return () => {
      live = false;
    };
  }, [token]);

  async function accept() {
    if (busy) return;
    setBusy(true);
    try {
      const { memoryId } = await requestJson('POST', `/api/invitations/${encodeURIComponent(token)}/accept`, { schema: AcceptInvitationResponseSchema });
      forgetPendingInvitation();
      navigate(`/dashboard?memory=${encodeURIComponent(memoryId)}`, { replace: true });
    } catch (error) {
      forgetPendingInvitation();
      setProblem(errorMessage(error));
      setBusy(false);
    }
  }

  // Back from signing in (or from confirming a new account) with this link waiting: accept it at once.
  useEffect(() => {
    if (signedIn && acceptNow && preview && !otherAccount && !tried.current) {
      tried.current = true;
      void accept();
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the preview has arrived
  }, [signedIn, acceptNow, preview]);

  /** Sign out, and come back to this invitation signed out: it waits in this browser for the right account. */
  async function switchAccount() {
    if (switching) return;
    setSwitching(true);
    rememberPendingInvitation(token);
    const { error } = await call(() => authClient.signOut());
    if (error) {
      setSwitching(false);
      toast.error('Failed to sign out');
      return;
    }
    markSignedOut();
    navigate(`/invitation?token=${encodeURIComponent(token)}`, { replace: true });
  }

  return (
    <AuthCardPage titleId={titleId}>
      <AuthCardHead titleId={titleId} titleClassName="fs-auth__title" title={problem && !preview ? 'This invitation cannot be used' : 'You have been invited'}>
        {preview ? (
          <>
            <p>
              <strong>{preview.invitedBy}</strong> would like you to share the tasks and documents for <strong>{preview.deceasedName}</strong> ({preview.memoryName}) as
              {preview.role === 'editor' ? ' an ' : ' a '}
              {MEMORY_ROLE_LABELS[preview.role].toLowerCase()}.
            </p>
            <p className="aw-muted">{MEMBER_ROLE_HINTS[preview.role]}.</p>
            {otherAccount ? null : <p className="aw-muted">This invitation is for {preview.email}.</p>}
          </>
        ) : !problem ? (
          <InlineLoading>Opening the invitation...</InlineLoading>
        ) : null}
      </AuthCardHead>
      {problem ? <Alert tone="error">{problem}</Alert> : null}
      {otherAccount && preview ? (
        <Alert tone="info" title="You are signed in with a different account">
          This invitation was sent to <strong className="fs-auth__address">{preview.email}</strong>, and you are signed in as{' '}
          <strong className="fs-auth__address">{otherAccount}</strong>. To accept it, sign out and use that address: the invitation will wait for
          you.
        </Alert>
      ) : null}
      {preview && otherAccount ? (
        <div className="aw-cluster fs-auth__actions">
          <Button onClick={() => void switchAccount()} disabled={switching}>
            {switching ? 'Signing out...' : 'Sign out and switch account'}
          </Button>
          {/* Not kept for later either: the dashboard would bring them straight back here. */}
          <ButtonLink variant="secondary" href="/dashboard" onClick={forgetPendingInvitation}>
            Go to your dashboard
          </ButtonLink>
        </div>
      ) : preview ? (
        <div className="aw-cluster fs-auth__actions">
          {signedIn ? (
            <Button onClick={() => void accept()} disabled={busy}>
              {busy ? 'Accepting...' : 'Accept invitation'}
            </Button>
          ) : (
            <>
              <ButtonLink href="/login" onClick={() => rememberPendingInvitation(token)}>
                Sign in to accept
              </ButtonLink>
              <ButtonLink variant="secondary" href="/login?mode=signup" onClick={() => rememberPendingInvitation(token)}>
                Create an account
              </ButtonLink>
            </>
          )}
        </div>
      ) : (
        <div className="aw-cluster fs-auth__actions">
          <ButtonLink href={signedIn ? '/dashboard' : '/'}>{signedIn ? 'Go to your dashboard' : 'Go to the home page'}</ButtonLink>
        </div>
      )}
    </AuthCardPage>
  );
}
