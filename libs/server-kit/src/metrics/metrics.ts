import {
  collectDefaultMetrics,
  Counter,
  Gauge,
  Histogram,
  Registry,
  type CounterConfiguration,
  type GaugeConfiguration,
  type HistogramConfiguration,
} from 'prom-client';

/** Every metric the product defines is named `afterwards_…`, so dashboards find them together. */
const NAME = /^afterwards_[a-z0-9_]+$/;

type Config<C> = Omit<C, 'registers'>;

/**
 * The Prometheus registry of one app (`GET /metrics` on the API reads it). One registry per app, not
 * prom-client's global one: tests that start several apps in one process would otherwise register the
 * same names twice. Add a metric through `gauge`, `counter` or `histogram`: their labels must be small
 * fixed sets (a route pattern, a projection's or a queue's name), never an id, an e-mail or a name.
 * `PlatformModule` provides it; inject it by its class.
 */
export class Metrics {
  readonly registry = new Registry();

  constructor(options: { readonly processMetrics?: boolean } = {}) {
    // CPU, memory, heap, event-loop delay and handles of this process, under their usual names.
    if (options.processMetrics) collectDefaultMetrics({ register: this.registry });
  }

  gauge<L extends string = string>(config: Config<GaugeConfiguration<L>>): Gauge<L> {
    return new Gauge<L>({ ...checked(config), registers: [this.registry] });
  }

  counter<L extends string = string>(config: Config<CounterConfiguration<L>>): Counter<L> {
    return new Counter<L>({ ...checked(config), registers: [this.registry] });
  }

  histogram<L extends string = string>(config: Config<HistogramConfiguration<L>>): Histogram<L> {
    return new Histogram<L>({ ...checked(config), registers: [this.registry] });
  }

  /** The text exposition format, with its content type. */
  async exposition(): Promise<{ contentType: string; text: string }> {
    return { contentType: this.registry.contentType, text: await this.registry.metrics() };
  }
}

function checked<C extends { name: string }>(config: C): C {
  if (!NAME.test(config.name)) throw new Error(`Metric name "${config.name}" must match ${NAME}`);
  return config;
}

/**
 * Shares one reading between the collect callbacks of a scrape (prom-client calls them all at once), so
 * two metrics fed by one query run it once; a later scrape reads again.
 */
export function perScrape<T>(read: () => Promise<T>, keepMs = 1_000): () => Promise<T> {
  let last: { at: number; value: Promise<T> } | undefined;
  return () => {
    const now = Date.now();
    if (!last || now - last.at > keepMs) last = { at: now, value: read() };
    return last.value;
  };
}
