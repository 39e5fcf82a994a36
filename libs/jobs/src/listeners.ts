import type { Unsubscribe } from './port';

/** A listener list whose failures cannot break job processing. */
export class Listeners<T> {
  private readonly listeners = new Set<(value: T) => void>();

  constructor(private readonly onListenerError: (error: unknown) => void) {}

  add(listener: (value: T) => void): Unsubscribe {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit(value: T): void {
    for (const listener of this.listeners) {
      try {
        listener(value);
      } catch (error) {
        this.onListenerError(error);
      }
    }
  }
}

export function toError(value: unknown): Error {
  return value instanceof Error ? value : new Error(String(value));
}
