// Progress bar, encouragement message and the 100% celebration.
import { useEffect, useState } from 'react';
import { progressMessage } from '@afterwards/cases-domain';
import { Icon } from '@afterwards/web-ui';
import { useProgressShown } from './progress-preference';

/** A labelled bar with its percent, and a tick once everything is done. */
export function ProgressBar({ percent, label, size = 'md', showPercent = true }: { percent: number; label: string; size?: 'sm' | 'md'; showPercent?: boolean }) {
  // Settings → Progress Tracking off: no bars or percentages anywhere (decision 0047).
  const shown = useProgressShown();
  if (!shown) return null;
  const value = Math.max(0, Math.min(100, Math.round(percent)));
  const done = value >= 100;
  return (
    <div className={`aw-row mem-progress mem-progress--${size}`} data-done={done || undefined}>
      <div className="mem-progress__track" role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={value}>
        <span className="mem-progress__fill" style={{ width: `${value}%` }} />
      </div>
      {showPercent ? (
        <span className="mem-progress__value">
          {value}%{done ? <Icon name="check" size={16} className="mem-progress__tick" title="Complete" /> : null}
        </span>
      ) : null}
    </div>
  );
}

/** The encouragement for a percentage; nothing when the percentage is missing. */
export function ProgressMessage({ percent }: { percent: number | null | undefined }) {
  const shown = useProgressShown();
  const message = progressMessage(percent);
  if (message === null || !shown) return null;
  return <p className="mem-progress-message">{message}</p>;
}

/** Whether the visitor asked for less motion (followed live). */
export function usePrefersReducedMotion(): boolean {
  const query = '(prefers-reduced-motion: reduce)';
  const [reduced, setReduced] = useState(() => typeof window !== 'undefined' && window.matchMedia?.(query).matches === true);
  useEffect(() => {
    const mq = window.matchMedia?.(query);
    if (!mq) return;
    const onChange = () => setReduced(mq.matches);
    mq.addEventListener('change', onChange);
    return () => mq.removeEventListener('change', onChange);
  }, []);
  return reduced;
}

const PIECES = 28;
const COLOURS = ['#2e5e5a', '#c98b5a', '#e4c36b', '#8fb8a8', '#d9a3a3', '#7d9bc1'];

/**
 * A short celebration: falling confetti and a message, announced politely; with reduced motion, only a
 * still message. It dismisses itself after a few seconds and never takes focus.
 */
export function Celebration({ message, onDone, durationMs = 4000 }: { message: string; onDone: () => void; durationMs?: number }) {
  const reduced = usePrefersReducedMotion();
  useEffect(() => {
    const timer = window.setTimeout(onDone, durationMs);
    return () => window.clearTimeout(timer);
  }, [onDone, durationMs]);
  return (
    <div className="mem-celebration" data-reduced={reduced || undefined}>
      {reduced ? null : (
        <div className="mem-celebration__confetti" aria-hidden="true">
          {Array.from({ length: PIECES }, (_, i) => (
            <span
              key={i}
              style={{
                left: `${(i * 37) % 100}%`,
                background: COLOURS[i % COLOURS.length],
                animationDelay: `${(i % 7) * 90}ms`,
                animationDuration: `${1800 + (i % 5) * 250}ms`,
              }}
            />
          ))}
        </div>
      )}
      <p className="mem-celebration__message" role="status">
        <span aria-hidden="true">🎉 </span>
        {message}
      </p>
    </div>
  );
}

/** At 100% with items, a still celebration shows (the moving one plays once, when it happens). */
export function CompletionNote() {
  // Part of the celebration at 100%: hidden with the rest of progress when Progress Tracking is off.
  if (!useProgressShown()) return null;
  return (
    <p className="mem-complete">
      <span aria-hidden="true">🎉</span> Every task and document is done. Take a moment for yourself: you have done something hard.
    </p>
  );
}
