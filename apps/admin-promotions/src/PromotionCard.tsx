// One promotion as a card (admin spec: Promotion Management): who, which plan, its status and position,
// money, dates, days left and the figures, with the actions its status offers. Badges and figures carry
// their meaning in words for screen readers, not only in colour.
import { useId, type ReactNode } from 'react';
import { historyScreenUrl, type AdminPromotion, type AdminSettings } from '@afterwards/contracts';
import { formatPounds } from '@afterwards/web-staff';
import { Alert, Badge, Button, ButtonLink, Icon } from '@afterwards/web-ui';
import { calendarDateOf, count, daysLeftLabel, formatCalendarDate, isExpiringSoon, percent, planLabel, promotionActions, statusTone } from './promotion-view';

export type PromotionAction = 'edit' | 'renew' | 'cancel' | 'start';

export function PromotionCard({
  promotion: p,
  today,
  pricing,
  readOnly,
  busy,
  onAction,
}: {
  promotion: AdminPromotion;
  today: string;
  pricing?: AdminSettings['promotionPricing'];
  readOnly: boolean;
  /** A call for this promotion is in flight: its actions wait for the answer. */
  busy: boolean;
  onAction: (action: PromotionAction, promotion: AdminPromotion) => void;
}) {
  const titleId = useId();
  const offered = promotionActions(p, today);
  const tone = statusTone(p.status);
  const act = (action: PromotionAction) => () => onAction(action, p);
  const forName = <span className="aw-visually-hidden"> promotion for {p.businessName}</span>;
  const actions = readOnly ? [] : (['edit', 'start', 'renew', 'cancel'] as const).filter((a) => offered[a]);

  return (
    <article className="aw-stack pm-card" aria-labelledby={titleId} aria-busy={busy || undefined}>
      <header className="aw-split pm-card__head">
        <h3 id={titleId} className="pm-card__title">
          {p.businessName}
        </h3>
        <div className="aw-cluster pm-badges">
          <Badge className={`pm-plan pm-plan--${p.plan}`}>
            <span className="aw-visually-hidden">Plan: </span>
            {planLabel(p.plan, pricing)}
          </Badge>
          <Badge tone={tone} className={`pm-status--${tone}`} data-testid="promotion-status">
            <span className="aw-visually-hidden">Status: </span>
            {p.status}
          </Badge>
          {p.placePaused ? (
            <Badge tone="warning" data-testid="promotion-paused">
              <Icon name="lock" size={14} />
              Paused: business {p.businessStatus ?? 'removed'}
            </Badge>
          ) : null}
          {p.autoRenew ? (
            <Badge tone="accent">
              <Icon name="refresh" size={14} />
              Auto-renew
            </Badge>
          ) : null}
          <Badge className="pm-badge--outline">
            <span aria-hidden="true">Position #{p.position}</span>
            <span className="aw-visually-hidden">Display position {p.position}</span>
          </Badge>
        </div>
      </header>

      {isExpiringSoon(p) ? (
        <Alert tone="warning" className="pm-card__banner">
          Ends in {daysLeftLabel(p.daysRemaining)}, on {formatCalendarDate(p.endDate)}.{' '}
          {p.autoRenew && p.plan === 'monthly' ? 'It renews automatically.' : readOnly ? 'It can be renewed now.' : 'Renew it to keep the business featured.'}
        </Alert>
      ) : null}

      <dl className="pm-facts">
        <Fact label="Category">{p.businessCategory ?? 'Not known'}</Fact>
        <Fact label="Location">{p.businessLocation ?? 'Not known'}</Fact>
        <Fact label="Amount">
          {formatPounds(p.amount)}
          {p.period > 1 ? (
            <span className="aw-muted aw-block aw-small">
              {formatPounds(p.revenue)} in total · period {p.period}
            </span>
          ) : null}
        </Fact>
        <Fact label="Payment">{p.paymentStatus}</Fact>
        <Fact label="Start date">
          <time dateTime={p.startDate}>{formatCalendarDate(p.startDate)}</time>
        </Fact>
        <Fact label="End date">
          <time dateTime={p.endDate}>{formatCalendarDate(p.endDate)}</time>
        </Fact>
        <Fact label="Days remaining" className={p.daysRemaining <= 0 ? 'pm-fact--ended' : isExpiringSoon(p) ? 'pm-fact--soon' : undefined}>
          {daysLeftLabel(p.daysRemaining)}
        </Fact>
        <Fact label="Created">
          <time dateTime={p.createdAt}>{formatCalendarDate(calendarDateOf(p.createdAt))}</time>
        </Fact>
      </dl>

      <dl className="aw-cluster pm-figures" aria-label="Performance">
        <Figure label="Views" value={count(p.views)} />
        <Figure label="Clicks" value={count(p.clicks)} rate={percent(p.clickThroughRate)} rateLabel="click-through rate" />
        <Figure label="Conversions" value={count(p.conversions)} rate={percent(p.conversionRate)} rateLabel="conversion rate" />
      </dl>

      <div className="aw-cluster pm-card__actions">
        {actions.includes('edit') ? (
          <Button size="sm" variant="secondary" icon={<Icon name="edit" size={16} />} onClick={act('edit')} disabled={busy}>
            Edit{forName}
          </Button>
        ) : null}
        {actions.includes('start') ? (
          <Button size="sm" variant="secondary" icon={<Icon name="megaphone" size={16} />} onClick={act('start')} disabled={busy}>
            Start{forName}
          </Button>
        ) : null}
        {actions.includes('renew') ? (
          <Button size="sm" icon={<Icon name="refresh" size={16} />} onClick={act('renew')} disabled={busy}>
            Renew{forName}
          </Button>
        ) : null}
        {actions.includes('cancel') ? (
          <Button size="sm" variant="secondary" className="aw-danger-text" icon={<Icon name="close" size={16} />} onClick={act('cancel')} disabled={busy}>
            Cancel{forName}
          </Button>
        ) : null}
        <ButtonLink size="sm" variant="quiet" href={historyScreenUrl(`promotion-${p.id}`)}>
          History{forName}
        </ButtonLink>
      </div>
    </article>
  );
}

function Fact({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <div className={['pm-fact', className].filter(Boolean).join(' ')}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function Figure({ label, value, rate, rateLabel }: { label: string; value: string; rate?: string; rateLabel?: string }) {
  return (
    <div className="pm-figure">
      <dt>{label}</dt>
      <dd>
        <span className="pm-figure__value">{value}</span>
        {rate ? (
          <span className="pm-figure__rate">
            {rate}
            <span className="aw-visually-hidden"> {rateLabel}</span>
          </span>
        ) : null}
      </dd>
    </div>
  );
}
