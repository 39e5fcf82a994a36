import type { ReactNode } from 'react';
import { ButtonLink, Card, Container, Icon, type IconName } from '@afterwards/web-ui';
import { NAV, PageLayout } from '../components/PageLayout';

const FEATURES: ReadonlyArray<{ icon: IconName; title: string; text: string }> = [
  {
    icon: 'checklist',
    title: 'Step-by-step guidance',
    text: 'A checklist of what needs doing after someone dies, in a sensible order, with deadlines, likely costs and plain explanations. It follows the rules where the person who died lived.',
  },
  {
    icon: 'lock',
    title: 'Secure document storage',
    text: 'Keep death certificates, the will, bank letters and other papers together in one private place, and tick off each one as you collect it.',
  },
  {
    icon: 'image',
    title: 'Memory preservation',
    text: 'Add a photo and keep notes and memories of the person who died alongside the practical tasks, so what matters is kept safe.',
  },
  {
    icon: 'users',
    title: 'Professional network',
    text: 'Find funeral directors, solicitors, register offices, counsellors and other local services near you, with contact details in one place.',
  },
  {
    icon: 'progress',
    title: 'Progress tracking',
    text: 'See at a glance what is done and what is left. There is no rush: go at your own pace and pick up where you left off.',
  },
  {
    icon: 'heart',
    title: 'Emotional support',
    text: 'Grief and paperwork at the same time is a lot. We point you to bereavement charities and helplines for when you need someone to talk to.',
  },
];

const STEPS: ReadonlyArray<{ title: string; text: string }> = [
  {
    title: 'Tell us who has died',
    text: 'Create a memory for the person who died: their name and whether they lived in England, Wales, Scotland, Northern Ireland or the Republic of Ireland.',
  },
  {
    title: 'Get your personal checklist',
    text: 'Afterwards prepares the tasks and documents that usually apply, from registering the death to applying for probate.',
  },
  {
    title: 'Work through it at your pace',
    text: 'Tick tasks off, upload documents as they arrive, and keep notes of calls and meetings in one place.',
  },
  {
    title: 'Find help nearby',
    text: 'When you need a professional, search local services by town or postcode and contact them directly.',
  },
];

const EXAMPLE_TASKS: ReadonlyArray<{ title: string; detail: string; done: boolean }> = [
  { title: 'Register the death', detail: 'Within 5 days in England and Wales, 8 in Scotland', done: true },
  { title: 'Arrange the funeral', detail: 'Compare funeral directors near you', done: true },
  { title: 'Use Tell Us Once', detail: 'Tell government departments in one go', done: false },
  { title: 'Find the will', detail: 'Check with their solicitor or bank', done: false },
  { title: 'Apply for probate', detail: 'If the estate needs it', done: false },
];

// Sample content written to show the kind of help Afterwards gives: not real users' words.
const SAMPLE_TESTIMONIALS: ReadonlyArray<{ quote: string; name: string; detail: string }> = [
  {
    quote:
      'When Dad died I had no idea where to start. Having the tasks in order, with the deadlines, meant I could take it one day at a time.',
    name: 'Sarah',
    detail: 'Leeds · sorting out her father’s estate',
  },
  {
    quote:
      'I was the executor for my aunt in Glasgow and the Scottish steps are different. The checklist followed the Scottish rules, which saved me a lot of worry.',
    name: 'James',
    detail: 'Glasgow · executor',
  },
  {
    quote:
      'Keeping the certificates and bank letters in one place meant my brother and I always knew what had been done and what was still to do.',
    name: 'Aoife',
    detail: 'Cork · supporting her mother',
  },
];

export function LandingPage() {
  return (
    <PageLayout nav={NAV.landing}>
      <section className="fs-hero" aria-labelledby="hero-title">
        <Container className="fs-hero__inner">
          <div className="aw-stack fs-hero__text">
            <p className="aw-eyebrow">For families, friends and executors in the UK and Ireland</p>
            <h1 id="hero-title">Guidance through difficult times</h1>
            <p className="fs-lead">
              When someone dies, there is a lot to sort out, usually at the hardest possible moment. Afterwards
              shows you what needs doing for the person who died, one step at a time, keeps the important
              documents together, and helps you find people nearby who can help.
            </p>
            <div className="aw-cluster fs-hero__actions">
              <ButtonLink href="/login" size="lg">
                Get Started
              </ButtonLink>
              <ButtonLink href="/login" size="lg" variant="secondary">
                Sign In
              </ButtonLink>
              <ButtonLink href="/resources" size="lg" variant="quiet" icon={<Icon name="heart" />}>
                Resources
              </ButtonLink>
            </div>
            <a className="fs-scroll-link" href="#how-it-works">
              <Icon name="arrow-down" />
              See how it works
            </a>
          </div>

          <Card tone="raised" className="aw-stack fs-example" aria-label="Example checklist">
            <div className="fs-example__head">
              <span className="aw-eyebrow">Example checklist</span>
              <span className="fs-example__progress" aria-hidden="true">
                <span style={{ width: '40%' }} />
              </span>
              <span className="aw-muted fs-example__count">2 of 5 done</span>
            </div>
            <ul className="aw-list-stack fs-example__list">
              {EXAMPLE_TASKS.map((t) => (
                <li key={t.title} className={t.done ? 'is-done' : undefined}>
                  <span className="aw-disc fs-example__tick" aria-hidden="true">
                    {t.done ? <Icon name="check" size={14} strokeWidth={3} /> : null}
                  </span>
                  <span>
                    <span className="fs-example__title">
                      {t.title}
                      {t.done ? <span className="aw-visually-hidden"> (done)</span> : null}
                    </span>
                    <span className="fs-example__detail">{t.detail}</span>
                  </span>
                </li>
              ))}
            </ul>
          </Card>
        </Container>
      </section>

      <LandingSection titleId="features-title" eyebrow="What Afterwards helps with" title="Everything in one calm, private place">
        <ul className="fs-features">
            {FEATURES.map((f) => (
              <li key={f.title}>
                <Card className="aw-stack fs-feature">
                  <span className="fs-feature__icon">
                    <Icon name={f.icon} size={24} />
                  </span>
                  <h3>{f.title}</h3>
                  <p className="aw-muted">{f.text}</p>
                </Card>
              </li>
            ))}
          </ul>
      </LandingSection>

      <LandingSection id="how-it-works" tinted titleId="how-title" eyebrow="How it works" title="Four steps, taken one at a time">
        <ol className="fs-steps">
            {STEPS.map((s, i) => (
              <li key={s.title} className="aw-stack fs-step">
                <span className="aw-disc fs-step__number" aria-hidden="true">
                  {i + 1}
                </span>
                <h3>{s.title}</h3>
                <p className="aw-muted">{s.text}</p>
              </li>
            ))}
          </ol>
      </LandingSection>

      <LandingSection
        titleId="testimonials-title"
        eyebrow="What people tell us"
        title="A little less to carry"
        note={
          <p className="fs-sample-note" data-testid="testimonials-note">
            <Icon name="info" size={16} />
            Sample testimonials, written to illustrate the service. They are not from real users.
          </p>
        }
      >
        <ul className="aw-list-grid fs-testimonials">
            {SAMPLE_TESTIMONIALS.map((t) => (
              <li key={t.name}>
                <Card as="figure" className="aw-stack fs-testimonial">
                  <span className="fs-testimonial__badge">Sample</span>
                  <blockquote>
                    <p>“{t.quote}”</p>
                  </blockquote>
                  <figcaption>
                    <span className="fs-testimonial__name">{t.name}</span>
                    <span className="aw-muted">{t.detail}</span>
                  </figcaption>
                </Card>
              </li>
            ))}
          </ul>
      </LandingSection>

      <section className="fs-section fs-section--tinted" aria-labelledby="support-title">
        <Container>
          <Card tone="accent" className="aw-split fs-cta">
            <div>
              <h2 id="support-title">You don't have to do this alone</h2>
              <p>
                Our resources page brings together trusted guidance from government services and bereavement
                charities, and lets you search for funeral directors, solicitors and other help near you. No
                account needed.
              </p>
            </div>
            <div className="aw-cluster fs-cta__actions">
              <ButtonLink href="/resources">Browse resources</ButtonLink>
              <ButtonLink href="/login" variant="secondary">
                Get Started
              </ButtonLink>
            </div>
          </Card>
        </Container>
      </section>
    </PageLayout>
  );
}

/** One of the page's headed sections: its eyebrow and heading (and a note under them), then its content. */
function LandingSection({ id, tinted, titleId, eyebrow, title, note, children }: { id?: string; tinted?: boolean; titleId: string; eyebrow: string; title: string; note?: ReactNode; children: ReactNode }) {
  return (
    <section id={id} className={tinted ? 'fs-section fs-section--tinted' : 'fs-section'} aria-labelledby={titleId} tabIndex={id ? -1 : undefined}>
      <Container>
        <div className="aw-stack fs-section__head">
          <p className="aw-eyebrow">{eyebrow}</p>
          <h2 id={titleId}>{title}</h2>
          {note}
        </div>
        {children}
      </Container>
    </section>
  );
}
