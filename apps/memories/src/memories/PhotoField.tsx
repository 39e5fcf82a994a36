// Memory Photo (optional): picks an image, checks it with the domain's rule, previews it. The caller uploads it.
import { useEffect, useId, useRef, useState } from 'react';
import { PHOTO_TYPES } from '@afterwards/cases-domain';
import { Button, Icon } from '@afterwards/web-ui';
import { PHOTO_READ_FAILED, photoFileProblem } from '../shared/photo';

export interface PhotoFieldProps {
  /** The chosen file, if any. */
  file: File | null;
  onFile(file: File | null): void;
  /** The photo already saved (edit dialog), shown until changed or removed. */
  currentUrl?: string | null;
  /** Whether the saved photo is to be removed (edit dialog). */
  removed?: boolean;
  onRemove?(): void;
  /** A server-side error for the photo. */
  error?: string | null;
  disabled?: boolean;
}

export function PhotoField({ file, onFile, currentUrl, removed, onRemove, error, disabled }: PhotoFieldProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [preview, setPreview] = useState<string | null>(null);

  useEffect(() => {
    if (!file) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const shown = preview ?? (removed ? null : (currentUrl ?? null));
  const message = problem ?? error ?? null;

  return (
    <div className="aw-field mem-photo-field">
      <label htmlFor={id} className="aw-field__label">
        Memory Photo <span className="aw-muted">(optional)</span>
      </label>
      <span id={`${id}-hint`} className="aw-field__hint">
        JPEG, PNG, GIF or WebP, up to 5MB.
      </span>
      <div className="aw-cluster mem-photo-field__row">
        <span className="aw-disc mem-photo-field__preview" aria-hidden={shown ? undefined : true}>
          {shown ? (
            <img
              src={shown}
              alt="Chosen memory photo"
              onError={() => {
                if (!file) return;
                setProblem(PHOTO_READ_FAILED);
                onFile(null);
              }}
            />
          ) : (
            <Icon name="plus" size={24} />
          )}
        </span>
        <div className="aw-stack mem-photo-field__controls">
          <input
            ref={input}
            id={id}
            type="file"
            accept={PHOTO_TYPES.join(',')}
            className="mem-photo-field__input"
            aria-describedby={`${id}-hint${message ? ` ${id}-error` : ''}`}
            aria-invalid={message ? true : undefined}
            disabled={disabled}
            onChange={(e) => {
              const chosen = e.currentTarget.files?.[0] ?? null;
              if (!chosen) return;
              const bad = photoFileProblem(chosen);
              setProblem(bad);
              onFile(bad ? null : chosen);
              if (bad) e.currentTarget.value = '';
            }}
          />
          {file ? (
            <Button
              variant="quiet"
              size="sm"
              disabled={disabled}
              onClick={() => {
                onFile(null);
                setProblem(null);
                if (input.current) input.current.value = '';
              }}
            >
              Clear chosen photo
            </Button>
          ) : null}
          {!file && currentUrl && !removed && onRemove ? (
            <Button variant="quiet" size="sm" disabled={disabled} onClick={onRemove} icon={<Icon name="trash" size={16} />}>
              Remove photo
            </Button>
          ) : null}
          {removed && !file ? <span className="aw-muted mem-small">The photo will be removed when you save.</span> : null}
        </div>
      </div>
      {message ? (
        <span id={`${id}-error`} className="aw-field__error" role="alert">
          {message}
        </span>
      ) : null}
    </div>
  );
}
