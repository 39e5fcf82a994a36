// /email-verified: where the verification link from the sign-up e-mail ends (better-auth redirects
// here after checking the token, with ?error=… when it has expired or was already used).
import { useId } from 'react';
import { ButtonLink, Card, Container, Icon, Logo } from '@afterwards/web-ui';
import { NAV, PageLayout } from '../components/PageLayout';
import { useLocation } from '../router';
import '../auth/auth.css';

export function LoginVerifiedPage({ signedIn }: { signedIn: boolean }) {
  const { search } = useLocation();
  const failed = Boolean(new URLSearchParams(search).get('error'));
  const titleId = useId();
  return (
    <PageLayout nav={NAV.simple}>
      <Container narrow className="fs-page fs-center">
        <Card tone="raised" as="section" className="fs-auth" aria-labelledby={titleId}>
          <div className="fs-auth__head">
            {failed ? <Logo size="lg" decorative /> : (
              <span className="fs-auth__done" aria-hidden="true">
                <Icon name="check" size={36} />
              </span>
            )}
            <h1 id={titleId} className="fs-auth__title">
              {failed ? 'This link has expired' : 'Email address verified'}
            </h1>
            <p className="aw-muted">
              {failed
                ? 'Verification links work once and only for a while. Sign in and we will send you a new one if your address still needs checking.'
                : signedIn
                  ? 'Thank you. Your account is ready.'
                  : 'Thank you. Your account is ready: you can sign in now.'}
            </p>
          </div>
          <div className="fs-auth__actions">
            {signedIn ? (
              <ButtonLink href="/dashboard" icon={<Icon name="arrow-right" />}>
                Go to your dashboard
              </ButtonLink>
            ) : (
              <ButtonLink href="/login">Sign In</ButtonLink>
            )}
          </div>
        </Card>
      </Container>
    </PageLayout>
  );
}
