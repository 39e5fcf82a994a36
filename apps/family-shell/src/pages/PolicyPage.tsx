import { Container, Icon } from '@afterwards/web-ui';
import { NAV, PageLayout } from '../components/PageLayout';

const CONTENT = {
  privacy: {
    title: 'Privacy Policy',
    intro:
      'This page will set out how Afterwards looks after your information: what we collect, why, how long we keep it and the rights you have over it.',
    more: 'The full policy will be published here before accounts open, so you can read it before you share anything with us.',
  },
  terms: {
    title: 'Terms & Conditions',
    intro:
      'These terms will explain what Afterwards offers, what it does not (we do not give legal advice), and what we ask of everyone who uses it.',
    more: 'The full terms will be published here before accounts open.',
  },
} as const;

export function PolicyPage({ kind }: { kind: keyof typeof CONTENT }) {
  const c = CONTENT[kind];
  return (
    <PageLayout nav={NAV.simple}>
      <Container narrow className="fs-page fs-prose">
        <a href="/" className="fs-back-link">
          <Icon name="arrow-left" />
          Back to home
        </a>
        <h1>{c.title}</h1>
        <p className="fs-lead">{c.intro}</p>
        <p>{c.more}</p>
        {kind === 'terms' ? (
          <p>
            How we handle your personal information is described in our <a href="/privacy">Privacy Policy</a>.
          </p>
        ) : null}
      </Container>
    </PageLayout>
  );
}
