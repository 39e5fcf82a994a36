import { useId, type ReactNode } from 'react';
import { cx } from './cx';

export interface SwitchProps {
  label: ReactNode;
  /** Explanation under the label, read with the switch. */
  description?: ReactNode;
  checked: boolean;
  onChange?: (checked: boolean) => void;
  /** Shown on but fixed (e.g. strictly necessary cookies). */
  locked?: boolean;
  /** Text shown instead of the switch state when locked. */
  lockedText?: string;
  className?: string;
}

/** An on/off setting: a real button with role="switch", operable with Space and Enter. */
export function Switch({ label, description, checked, onChange, locked, lockedText = 'Always on', className }: SwitchProps) {
  const id = useId();
  const labelId = `${id}-label`;
  const descId = description ? `${id}-desc` : undefined;
  return (
    <div className={cx('aw-switch', className)}>
      <div className="aw-switch__text">
        <span id={labelId} className="aw-switch__label">
          {label}
        </span>
        {description ? (
          <span id={descId} className="aw-switch__desc">
            {description}
          </span>
        ) : null}
      </div>
      <button
        type="button"
        role="switch"
        aria-checked={checked}
        aria-labelledby={labelId}
        aria-describedby={descId}
        aria-disabled={locked || undefined}
        className={cx('aw-switch__control', checked && 'is-on', locked && 'is-locked')}
        onClick={() => {
          if (!locked) onChange?.(!checked);
        }}
      >
        <span className="aw-switch__track" aria-hidden="true">
          <span className="aw-switch__thumb" />
        </span>
        <span className="aw-switch__state" aria-hidden="true">
          {locked ? lockedText : checked ? 'On' : 'Off'}
        </span>
      </button>
    </div>
  );
}
