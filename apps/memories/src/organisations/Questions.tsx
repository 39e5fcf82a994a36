// The few plain questions the starting list is made from: radio groups, each answer saved as it is chosen
// (the list below changes with it). Viewers read the answers given.
import { useRef, useState } from 'react';
import type { OrganisationAnswers } from '@afterwards/contracts';
import { Card, useToast } from '@afterwards/web-ui';
import { organisationsApi } from './organisations-api';
import { applyOrganisations, reportOrganisationError } from './organisations-store';
import { QUESTIONS, answerValue, answeredCount, withAnswer } from './organisations-view';

export interface QuestionsProps {
  memoryId: string;
  answers: OrganisationAnswers;
  canChange: boolean;
}

export function Questions({ memoryId, answers, canChange }: QuestionsProps) {
  const toast = useToast();
  // The answers just chosen show at once. Saves go one after another, each sending every answer chosen so far,
  // so quick choices are never lost to an earlier save's answer; the saved ones take over when the last is back.
  const [pending, setPending] = useState<OrganisationAnswers | null>(null);
  const chosen = useRef<OrganisationAnswers | null>(null);
  const saves = useRef<Promise<void>>(Promise.resolve());
  const waiting = useRef(0);
  const shown = pending ?? answers;

  function choose(key: keyof OrganisationAnswers, value: string) {
    chosen.current = withAnswer(chosen.current ?? answers, key, value);
    setPending(chosen.current);
    waiting.current += 1;
    saves.current = saves.current.then(async () => {
      try {
        if (chosen.current) applyOrganisations(await organisationsApi.answer(memoryId, chosen.current));
      } catch (error) {
        chosen.current = null;
        reportOrganisationError(toast, error, memoryId, 'Your answer could not be saved. Please try again.');
      } finally {
        waiting.current -= 1;
        if (waiting.current === 0) {
          chosen.current = null;
          setPending(null);
        }
      }
    });
  }

  return (
    <Card as="section" className="org-questions" aria-labelledby="org-questions-title">
      <h3 id="org-questions-title">A few questions</h3>
      <p className="aw-muted">
        {canChange
          ? 'Your answers shape the list of who to tell. Answer what you know; you can change an answer at any time.'
          : 'The answers given so far, which shape the list of who to tell.'}
      </p>
      <div className="org-questions__grid">
        {QUESTIONS.map((q) => {
          const value = answerValue(shown, q.key);
          const name = `org-${memoryId}-${q.key}`;
          if (!canChange) {
            const chosen = q.choices.find((c) => c.value === value);
            return (
              <div key={q.key} className="org-question">
                <p className="org-question__legend">{q.legend}</p>
                <p className="aw-muted">{chosen ? chosen.label : 'Not answered yet'}</p>
              </div>
            );
          }
          return (
            <fieldset key={q.key} className="org-question" aria-describedby={`${name}-hint`}>
              <legend className="org-question__legend">{q.legend}</legend>
              <span id={`${name}-hint`} className="aw-field__hint">
                {q.hint}
              </span>
              <div className="aw-cluster org-question__choices">
                {q.choices.map((c) => (
                  <label key={c.value} className="org-choice">
                    <input type="radio" name={name} value={c.value} checked={value === c.value} onChange={() => choose(q.key, c.value)} />
                    <span>{c.label}</span>
                  </label>
                ))}
              </div>
            </fieldset>
          );
        })}
      </div>
      <p className="aw-muted org-questions__count" role="status">
        {answeredCount(shown)} of {QUESTIONS.length} answered
      </p>
    </Card>
  );
}
