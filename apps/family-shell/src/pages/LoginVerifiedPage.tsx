// /email-verified (EMAIL_VERIFIED_PATH): where every verification link ends (better-auth redirects here
// after checking the token, signed in, or with ?error=… when it has expired or is not valid). A signed-in
// person goes straight on to their dashboard.
import { useId, useLayoutEffect, useRef } from 'react';
import { AuthCardHead, ButtonLink, Icon, LoadingScreen, useToast } from '@afterwards/web-ui';
import { AuthCardPage } from '../components/AuthCardPage';
import { navigate, useLocation } from '../router';

export function LoginVerifiedPage({ signedIn }: { signedIn: boolean }) {
  const { search } = useLocation();
  const failed = Boolean(new URLSearchParams(search).get('error'));
  const titleId = useId();
  const toast = useToast();
  const leaving = useRef(false);

  useLayoutEffect(() => {
    if (!signedIn || leaving.current) return;
    leaving.current = true;
    // Signed in means verified (an old or used link may still carry ?error): nothing more to read here.
    if (!failed) toast.success('Your email address is verified. Welcome to Afterwards.');
    navigate('/dashboard', { replace: true });
  }, [signedIn, failed, toast]);

  if (signedIn) return <LoadingScreen />;
  return (
    <AuthCardPage titleId={titleId}>
      <AuthCardHead
        titleId={titleId}
        titleClassName="fs-auth__title"
        mark={
          failed ? undefined : (
            <span className="aw-disc fs-auth__done" aria-hidden="true">
              <Icon name="check" size={36} />
            </span>
          )
        }
        title={failed ? 'This link has expired' : 'Email address verified'}
        intro={
          failed
            ? 'Verification links work once and only for a while. Sign in and we will send you a new one if your address still needs checking.'
            : 'Thank you. Your account is ready: you can sign in now.'
        }
      />
      <div className="aw-cluster fs-auth__actions">
        <ButtonLink href="/login">Sign In</ButtonLink>
      </div>
    </AuthCardPage>
  );
}
