// The few plain questions the starting list is made from: radio groups, each answer saved as it is chosen
// (the list below changes with it). Viewers read the answers given.
import { useState } from 'react';
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
  // The answer just chosen shows at once; the saved ones take over when the answer comes back.
  const [pending, setPending] = useState<OrganisationAnswers | null>(null);
  const shown = pending ?? answers;

  async function choose(key: keyof OrganisationAnswers, value: string) {
    const next = withAnswer(shown, key, value);
    setPending(next);
    try {
      applyOrganisations(await organisationsApi.answer(memoryId, next));
    } catch (error) {
      reportOrganisationError(toast, error, memoryId, 'Your answer could not be saved. Please try again.');
    } finally {
      setPending(null);
    }
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
              <div className="org-question__choices">
                {q.choices.map((c) => (
                  <label key={c.value} className="org-choice">
                    <input type="radio" name={name} value={c.value} checked={value === c.value} onChange={() => void choose(q.key, c.value)} />
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
