import { useMemo } from 'react';
import { Container, Icon } from '@afterwards/web-ui';
import { NAV, PageLayout } from '../components/PageLayout';
import { Inline, PolicyText } from '../components/PolicyText';
import { POLICY_LAST_UPDATED, privacyPolicy, termsOfService } from '../content/policies';
import { useSupportEmail } from '../auth/options';

const POLICIES = { privacy: privacyPolicy, terms: termsOfService } as const;

export function PolicyPage({ kind }: { kind: keyof typeof POLICIES }) {
  const supportEmail = useSupportEmail();
  const policy = useMemo(() => POLICIES[kind](supportEmail), [kind, supportEmail]);
  return (
    <PageLayout nav={NAV.simple}>
      <Container narrow className="fs-page fs-prose">
        <a href="/" className="fs-back-link">
          <Icon name="arrow-left" />
          Back to home
        </a>
        <h1>{policy.title}</h1>
        <p className="aw-muted fs-policy__updated">Last updated {POLICY_LAST_UPDATED}</p>
        <p className="fs-lead">
          <Inline source={policy.intro} />
        </p>
        <nav aria-label="On this page" className="fs-policy__toc">
          <h2 className="fs-policy__toc-title">On this page</h2>
          <ol>
            {policy.sections.map((s) => (
              <li key={s.id}>
                <a href={`#${s.id}`}>{s.title.replace(/^\d+\.\s*/, '')}</a>
              </li>
            ))}
          </ol>
        </nav>
        <PolicyText policy={policy} intro={false} />
        <a href="/" className="fs-back-link fs-back-link--end">
          <Icon name="arrow-left" />
          Back to home
        </a>
      </Container>
    </PageLayout>
  );
}
