import { useId, type InputHTMLAttributes, type ReactNode, type Ref, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import { cx } from './cx';
import { Icon } from './Icon';

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

/** Ids that tie a control to its label, hint and error. */
function useFieldIds(prefix: string, id: string | undefined, hint: ReactNode, error: ReactNode) {
  const autoId = useId();
  const controlId = id ?? `${prefix}-${autoId}`;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  return { controlId, hintId, errorId, describedBy: describedBy(hintId, errorId) };
}

/** Label, hint and error around a control: one layout for every field. */
function FieldFrame({
  label,
  hint,
  error,
  hideLabel,
  className,
  ids,
  children,
}: Omit<FieldChrome, 'className'> & { className?: string; ids: ReturnType<typeof useFieldIds>; children: ReactNode }) {
  return (
    <div className={cx('aw-field', className)}>
      <label htmlFor={ids.controlId} className={hideLabel ? 'aw-visually-hidden' : 'aw-field__label'}>
        {label}
      </label>
      {hint ? (
        <span id={ids.hintId} className="aw-field__hint">
          {hint}
        </span>
      ) : null}
      {children}
      {error ? (
        <span id={ids.errorId} className="aw-field__error">
          {error}
        </span>
      ) : null}
    </div>
  );
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
  const ids = useFieldIds('aw-input', id, hint, error);
  return (
    <FieldFrame label={label} hint={hint} error={error} hideLabel={hideLabel} className={className} ids={ids}>
      <div className="aw-field__control">
        {icon ? (
          <span className="aw-field__icon" aria-hidden="true">
            {icon}
          </span>
        ) : null}
        <input
          ref={ref}
          id={ids.controlId}
          type={type}
          className={cx('aw-input', icon ? 'aw-input--with-icon' : false, end ? 'aw-input--with-end' : false)}
          aria-invalid={error ? true : undefined}
          aria-describedby={ids.describedBy}
          {...rest}
        />
        {end ? <span className="aw-field__end">{end}</span> : null}
      </div>
    </FieldFrame>
  );
}

export type EmailInputProps = Omit<TextInputProps, 'type' | 'label' | 'icon'> & { label?: ReactNode };

/** The e-mail address of a sign-in form: an address keyboard, no spelling checks or capitals, and its envelope icon. */
export function EmailInput({ label = 'Email address', ...rest }: EmailInputProps) {
  return <TextInput label={label} type="email" name="email" inputMode="email" spellCheck={false} autoCapitalize="none" icon={<Icon name="mail" size={18} />} {...rest} />;
}

export type PasswordInputProps = Omit<TextInputProps, 'type' | 'end'> & {
  /** Whether the password shows as text. */
  shown: boolean;
  /** With it, a Show/Hide button sits inside the box; a second field that follows the first leaves it out. */
  onShownChange?: (shown: boolean) => void;
  /** What the button reveals, for screen readers ('password', or 'passwords' when it shows two fields). */
  revealLabel?: string;
};

/** A password field with its Show/Hide button: one look and one wording on every sign-in form. */
export function PasswordInput({ shown, onShownChange, revealLabel = 'password', disabled, ...rest }: PasswordInputProps) {
  const toggle = onShownChange ? (
    <button type="button" className="aw-text-button aw-reveal" onClick={() => onShownChange(!shown)} disabled={disabled}>
      {shown ? 'Hide' : 'Show'}
      <span className="aw-visually-hidden"> {revealLabel}</span>
    </button>
  ) : undefined;
  return <TextInput {...rest} type={shown ? 'text' : 'password'} disabled={disabled} end={toggle} />;
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
  const ids = useFieldIds('aw-select', id, hint, error);
  return (
    <FieldFrame label={label} hint={hint} error={error} hideLabel={hideLabel} className={className} ids={ids}>
      <select id={ids.controlId} className="aw-select" aria-invalid={error ? true : undefined} aria-describedby={ids.describedBy} {...rest}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}

export type TextAreaProps = FieldChrome & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'className'>;

/** A multi-line field in the same layout as TextInput (label, hint, error tied to the control). */
export function TextArea({ label, hint, error, hideLabel, className, id, ...rest }: TextAreaProps) {
  const ids = useFieldIds('aw-textarea', id, hint, error);
  return (
    <FieldFrame label={label} hint={hint} error={error} hideLabel={hideLabel} className={className} ids={ids}>
      <textarea id={ids.controlId} className="aw-input aw-textarea" aria-invalid={error ? true : undefined} aria-describedby={ids.describedBy} {...rest} />
    </FieldFrame>
  );
}
