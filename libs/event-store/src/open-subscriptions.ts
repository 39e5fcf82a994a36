import type { Subscription } from './port';

/** The subscriptions a store has handed out and not yet seen end, for its `close` to stop (both adapters). */
export class OpenSubscriptions<S extends Subscription> implements Iterable<S> {
  private readonly open = new Set<S>();

  /** Keeps `subscription` until it ends, however it ends; returns it. */
  track(subscription: S): S {
    this.open.add(subscription);
    void subscription.done.then(
      () => this.open.delete(subscription),
      () => this.open.delete(subscription),
    );
    return subscription;
  }

  async stopAll(): Promise<void> {
    await Promise.all([...this.open].map((s) => s.stop()));
  }

  [Symbol.iterator](): Iterator<S> {
    return this.open.values();
  }
}
