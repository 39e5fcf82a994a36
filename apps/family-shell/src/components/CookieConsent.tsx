// Cookie banner on first visit and the preferences panel (family spec: cookie banner). The choice is
// stored through the design system's consent store, which remotes read (e.g. the finder's analytics).
import { useEffect, useId, useRef, useState } from 'react';
import {
  ACCEPT_ALL,
  Button,
  Container,
  Dialog,
  OPEN_CONSENT_SETTINGS_EVENT,
  REJECT_NON_ESSENTIAL,
  Switch,
  saveConsent,
  useConsent,
  useHydrated,
  type ConsentChoices,
} from '@afterwards/web-ui';

export function CookieConsent() {
  const consent = useConsent();
  const [panelOpen, setPanelOpen] = useState(false);
  const titleId = useId();
  const bannerRef = useRef<HTMLElement>(null);
  // The choice is in this browser's storage, which a page rendered at build time cannot read: its HTML
  // holds the banner, and a script in its head marks <html> before it is drawn, so a stylesheet rule hides
  // that banner from a visitor who has chosen and from a browser without script (decision 0033). Once
  // hydrated, the store decides, and the banner drawn carries no mark.
  const hydrated = useHydrated();
  const showBanner = !hydrated || consent === null;

  // The banner is fixed to the bottom of the window: pad the page by its height so that it never
  // hides the end of the page (the footer and its Cookie Settings link stay reachable).
  useEffect(() => {
    const banner = bannerRef.current;
    if (!showBanner || !banner) return;
    const apply = () => (document.body.style.paddingBottom = `${banner.offsetHeight}px`);
    // The observer reports the first size too, after the browser's own layout: reading offsetHeight here
    // would force that layout inside the render's task, a long task on a slow phone.
    if (typeof ResizeObserver === 'undefined') {
      apply();
      return () => void (document.body.style.paddingBottom = '');
    }
    const observer = new ResizeObserver(apply);
    observer.observe(banner);
    return () => {
      observer.disconnect();
      document.body.style.paddingBottom = '';
    };
  }, [showBanner]);

  useEffect(() => {
    const open = () => setPanelOpen(true);
    window.addEventListener(OPEN_CONSENT_SETTINGS_EVENT, open);
    return () => window.removeEventListener(OPEN_CONSENT_SETTINGS_EVENT, open);
  }, []);

  const choose = (choices: ConsentChoices) => {
    saveConsent(choices);
    setPanelOpen(false);
  };

  return (
    <>
      {showBanner ? (
        <section ref={bannerRef} className="fs-cookie-banner" aria-labelledby={titleId} data-testid="cookie-banner" data-before-hydration={hydrated ? undefined : ''}>
          <Container className="aw-split fs-cookie-banner__inner">
            <div className="aw-stack fs-cookie-banner__text">
              <h2 id={titleId} className="fs-cookie-banner__title">
                Cookies on Afterwards
              </h2>
              <p>
                We use essential storage to make this site work. With your permission we'd also remember your last
                search and count which local services people contact. We don't use advertising cookies.
              </p>
            </div>
            <div className="fs-cookie-banner__actions">
              {/* Pressed before hydration, they would do nothing: they wait for the script, as the page's forms do. */}
              <Button onClick={() => choose(ACCEPT_ALL)} disabled={!hydrated}>
                Accept All Cookies
              </Button>
              <Button variant="secondary" onClick={() => choose(REJECT_NON_ESSENTIAL)} disabled={!hydrated}>
                Reject Non-Essential
              </Button>
              <Button variant="quiet" onClick={() => setPanelOpen(true)} aria-haspopup="dialog" disabled={!hydrated}>
                Customize Settings
              </Button>
            </div>
          </Container>
        </section>
      ) : null}
      {panelOpen ? <CookiePreferences initial={consent ?? REJECT_NON_ESSENTIAL} onChoose={choose} onCancel={() => setPanelOpen(false)} /> : null}
    </>
  );
}

function CookiePreferences({
  initial,
  onChoose,
  onCancel,
}: {
  initial: ConsentChoices;
  onChoose: (choices: ConsentChoices) => void;
  onCancel: () => void;
}) {
  const [choices, setChoices] = useState<ConsentChoices>({
    functional: initial.functional,
    analytics: initial.analytics,
    marketing: initial.marketing,
  });
  const set = (key: keyof ConsentChoices) => (value: boolean) => setChoices((c) => ({ ...c, [key]: value }));

  return (
    <Dialog
      open
      onClose={onCancel}
      title="Cookie Preferences"
      className="fs-cookie-panel"
      actions={
        <div className="aw-cluster fs-cookie-panel__actions">
          <Button onClick={() => onChoose(choices)}>Save Preferences</Button>
          <Button variant="secondary" onClick={() => onChoose(ACCEPT_ALL)}>
            Accept All
          </Button>
          <Button variant="secondary" onClick={() => onChoose(REJECT_NON_ESSENTIAL)}>
            Reject Non-Essential
          </Button>
        </div>
      }
    >
      <p className="aw-muted">
        Choose which kinds of storage Afterwards may use on this device. You can change your mind at any time
        with Cookie Settings at the bottom of every page.
      </p>
      <div className="aw-stack fs-cookie-panel__list">
        <Switch
          label="Essential"
          description="Remembers these choices and, once you sign in, keeps you signed in. The site cannot work without it."
          checked
          locked
        />
        <Switch
          label="Functional"
          description="Remembers the last area and service category you searched for on this device."
          checked={choices.functional}
          onChange={set('functional')}
        />
        <Switch
          label="Analytics"
          description="Counts views of and contacts with local services listings, without a cookie, so we can keep the directory useful."
          checked={choices.analytics}
          onChange={set('analytics')}
        />
        <Switch
          label="Marketing"
          description="We don't use marketing cookies at present. If we ever do, they will stay off unless you turn them on here."
          checked={choices.marketing}
          onChange={set('marketing')}
        />
      </div>
    </Dialog>
  );
}
