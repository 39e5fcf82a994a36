// The spec's opportunity analysis dialog: summary, current state, market gap, recommendations (priority,
// effort, impact), estimated revenue, timeframe, difficulty and success factors, all from the rules.
import { CoverageMessages, type OpportunityAnalysis, type OpportunityPriority } from '@afterwards/contracts';
import { formatPounds } from '@afterwards/web-staff';
import { Badge, Dialog } from '@afterwards/web-ui';

const TONE: Record<OpportunityPriority, 'warning' | 'accent' | 'neutral'> = { High: 'warning', Medium: 'accent', Low: 'neutral' };

export function PriorityBadge({ label, value }: { label: string; value: OpportunityPriority }) {
  return (
    <Badge tone={TONE[value]} className="cv-badge">
      {label}: {value}
    </Badge>
  );
}

export function OpportunityDialog({ title, analysis, onClose }: { title: string; analysis: OpportunityAnalysis | null; onClose: () => void }) {
  return (
    <Dialog open onClose={onClose} title={title} size="wide" closeLabel="Close">
      {!analysis ? (
        <p className="aw-muted">{CoverageMessages.noAnalysis}</p>
      ) : (
        <div className="aw-stack cv-analysis">
          <section aria-labelledby="cv-an-summary">
            <h3 id="cv-an-summary" className="cv-analysis__title">
              Summary
            </h3>
            <p>{analysis.summary}</p>
          </section>
          <div className="cv-analysis__pair">
            <Facts id="cv-an-state" title="Current state" facts={analysis.currentState} />
            <Facts id="cv-an-gap" title="Market gap" facts={analysis.marketGap} />
          </div>
          <section aria-labelledby="cv-an-recs">
            <h3 id="cv-an-recs" className="cv-analysis__title">
              Recommendations
            </h3>
            <ol className="aw-stack cv-recs">
              {analysis.recommendations.map((r) => (
                <li key={r.title}>
                  <p className="cv-recs__title">{r.title}</p>
                  <p className="cv-recs__text">{r.description}</p>
                  <p className="aw-cluster cv-recs__badges">
                    <PriorityBadge label="Priority" value={r.priority} />
                    <PriorityBadge label="Effort" value={r.effort} />
                    <PriorityBadge label="Impact" value={r.impact} />
                  </p>
                </li>
              ))}
            </ol>
          </section>
          <dl className="cv-kv cv-kv--row">
            <div>
              <dt>Estimated revenue</dt>
              <dd>{formatPounds(analysis.estimatedRevenue)} a year</dd>
            </div>
            <div>
              <dt>Timeframe</dt>
              <dd>{analysis.timeframe}</dd>
            </div>
            <div>
              <dt>Difficulty</dt>
              <dd>{analysis.difficulty}</dd>
            </div>
          </dl>
          <section aria-labelledby="cv-an-factors">
            <h3 id="cv-an-factors" className="cv-analysis__title">
              Success factors
            </h3>
            <ul className="cv-factors">
              {analysis.successFactors.map((f) => (
                <li key={f}>{f}</li>
              ))}
            </ul>
          </section>
        </div>
      )}
    </Dialog>
  );
}

/** A titled list of the analysis' figures, each label beside its value. */
function Facts({ id, title, facts }: { id: string; title: string; facts: readonly { label: string; value: string }[] }) {
  return (
    <section aria-labelledby={id}>
      <h3 id={id} className="cv-analysis__title">
        {title}
      </h3>
      <dl className="cv-kv">
        {facts.map((kv) => (
          <div key={kv.label}>
            <dt>{kv.label}</dt>
            <dd>{kv.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
