import { useId, type InputHTMLAttributes, type ReactNode, type Ref, type SelectHTMLAttributes } from 'react';
import { cx } from './cx';

interface FieldChrome {
  /** Visible label text. Every control has one. */
  label: ReactNode;
  hint?: ReactNode;
  /** Field-level error, announced with the control via aria-describedby. */
  error?: ReactNode;
  /** Hide the label visually (it stays available to assistive technology). */
  hideLabel?: boolean;
  className?: string;
}

function describedBy(...ids: Array<string | false | undefined>) {
  const list = ids.filter(Boolean).join(' ');
  return list || undefined;
}

export type TextInputProps = FieldChrome &
  Omit<InputHTMLAttributes<HTMLInputElement>, 'className'> & {
    /** Decorative icon shown inside the start of the box. */
    icon?: ReactNode;
    /** Control shown inside the end of the box (e.g. a show-password button). */
    end?: ReactNode;
    ref?: Ref<HTMLInputElement>;
  };

export function TextInput({ label, hint, error, hideLabel, className, icon, end, id, ref, type = 'text', ...rest }: TextInputProps) {
  const autoId = useId();
  const inputId = id ?? `aw-input-${autoId}`;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  return (
    <div className={cx('aw-field', className)}>
      <label htmlFor={inputId} className={hideLabel ? 'aw-visually-hidden' : 'aw-field__label'}>
        {label}
      </label>
      {hint ? (
        <span id={hintId} className="aw-field__hint">
          {hint}
        </span>
      ) : null}
      <div className="aw-field__control">
        {icon ? (
          <span className="aw-field__icon" aria-hidden="true">
            {icon}
          </span>
        ) : null}
        <input
          ref={ref}
          id={inputId}
          type={type}
          className={cx('aw-input', icon ? 'aw-input--with-icon' : false, end ? 'aw-input--with-end' : false)}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(hintId, errorId)}
          {...rest}
        />
        {end ? <span className="aw-field__end">{end}</span> : null}
      </div>
      {error ? (
        <span id={errorId} className="aw-field__error">
          {error}
        </span>
      ) : null}
    </div>
  );
}

export interface SelectOption {
  value: string;
  label: string;
}

export type SelectProps = FieldChrome &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, 'className' | 'children'> & {
    options: readonly SelectOption[];
  };

export function Select({ label, hint, error, hideLabel, className, options, id, ...rest }: SelectProps) {
  const autoId = useId();
  const selectId = id ?? `aw-select-${autoId}`;
  const hintId = hint ? `${selectId}-hint` : undefined;
  const errorId = error ? `${selectId}-error` : undefined;
  return (
    <div className={cx('aw-field', className)}>
      <label htmlFor={selectId} className={hideLabel ? 'aw-visually-hidden' : 'aw-field__label'}>
        {label}
      </label>
      {hint ? (
        <span id={hintId} className="aw-field__hint">
          {hint}
        </span>
      ) : null}
      <select
        id={selectId}
        className="aw-select"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(hintId, errorId)}
        {...rest}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {error ? (
        <span id={errorId} className="aw-field__error">
          {error}
        </span>
      ) : null}
    </div>
  );
}
