// The state and save of the back office's add and edit forms (StaffFormDialog): the entry being edited,
// the field values and errors, the alert above the fields and whether it is saving. Saving checks the
// values first; on success the dialog closes. When someone else changed the entry meanwhile, the form
// reloads what is there now (so the next save is made over it) and says so; any other failure shows the
// server's field errors under the same fields, or a message.
import { useState, type FormEvent } from 'react';

export interface FormProblem {
  tone: 'error' | 'warning';
  text: string;
}

/** What checking the values gives: the request to send, or the errors to show under the fields. */
export type CheckedForm<E> = { ok: true } | { ok: false; errors: E };

export interface StaffFormOptions<T extends { id: string }, V, E, C extends CheckedForm<E>> {
  /** The entry to edit, or null to add one. */
  initial: T | null;
  /** The values of a new entry. */
  empty: () => V;
  valuesOf: (entry: T) => V;
  /** The alert shown over the field errors when the values do not pass the check (none if left out). */
  invalid?: FormProblem;
  /** Sends the checked request; throws the server's error. */
  send: (request: Extract<C, { ok: true }>, entry: T | null) => Promise<void>;
  onSaved: () => void;
  /** Whether the error says someone else changed the entry meanwhile. */
  isStale: (error: unknown) => boolean;
  /** The entry as the server now holds it, or null if it is gone. */
  reload: (id: string) => Promise<T | null>;
  changed: string;
  notFound?: (id: string) => string;
  /** Describes the reload's failure after the `changed` message. */
  errorMessage: (error: unknown) => string;
  /** Any other failure: the field errors it carries and the alert's text. */
  failed: (error: unknown, entry: T | null) => { errors: E; text: string };
}

export function useStaffForm<T extends { id: string }, V, E extends object, C extends CheckedForm<E>>(options: StaffFormOptions<T, V, E, C>) {
  const [entry, setEntry] = useState(options.initial);
  const [values, setValues] = useState<V>(() => (options.initial ? options.valuesOf(options.initial) : options.empty()));
  const [errors, setErrors] = useState<E>({} as E);
  const [problem, setProblem] = useState<FormProblem | null>(null);
  const [saving, setSaving] = useState(false);

  const set = <K extends keyof V>(field: K, value: V[K]) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  /** Checks the values with `check` and saves them; no check (read only, the form not ready yet) saves nothing. */
  const submit = async (e: FormEvent, check: ((values: V, entry: T | null) => C) | null) => {
    e.preventDefault();
    if (saving || !check) return;
    const result = check(values, entry);
    if (isInvalid(result)) {
      setErrors(result.errors);
      setProblem(options.invalid ?? null);
      return;
    }
    setSaving(true);
    setProblem(null);
    try {
      await options.send(result as Extract<C, { ok: true }>, entry);
      options.onSaved();
    } catch (error) {
      if (options.isStale(error) && entry) {
        try {
          const latest = await options.reload(entry.id);
          if (latest) {
            setEntry(latest);
            setValues(options.valuesOf(latest));
          }
          setErrors({} as E);
          setProblem({ tone: 'warning', text: latest || !options.notFound ? options.changed : options.notFound(entry.id) });
        } catch (reloadError) {
          setProblem({ tone: 'error', text: `${options.changed} ${options.errorMessage(reloadError)}` });
        }
      } else {
        const failure = options.failed(error, entry);
        setErrors(failure.errors);
        setProblem({ tone: 'error', text: failure.text });
      }
    } finally {
      setSaving(false);
    }
  };

  return { entry, values, errors, problem, saving, set, setErrors, submit };
}

function isInvalid<E>(result: CheckedForm<E>): result is { ok: false; errors: E } {
  return !result.ok;
}
