// A labelled multi-line field in the design system's field layout (web-ui has single-line inputs only).
import { useId, type TextareaHTMLAttributes } from 'react';

export function TextArea({ label, error, hint, id, ...rest }: Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'className'> & { label: string; error?: string; hint?: string }) {
  const autoId = useId();
  const controlId = id ?? `lb-textarea-${autoId}`;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  return (
    <div className="aw-field">
      <label htmlFor={controlId} className="aw-field__label">
        {label}
      </label>
      {hint ? (
        <span id={hintId} className="aw-field__hint">
          {hint}
        </span>
      ) : null}
      <textarea
        id={controlId}
        className="aw-input lb-textarea"
        aria-invalid={error ? true : undefined}
        aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined}
        {...rest}
      />
      {error ? (
        <span id={errorId} className="aw-field__error">
          {error}
        </span>
      ) : null}
    </div>
  );
}
