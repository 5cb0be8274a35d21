// The operator's numbers, through prom-client's default registry (one per process). A module
// declares the metrics it moves beside its own rules (the finder's searches in
// features/finder/finder-metrics.server.ts, mail in core/mail.server.ts, requests in
// server/request-log.ts) with the helpers below; server/metrics-server.ts serves them on
// METRICS_PORT, never on the public port. Every label is a small fixed set (a route pattern, a
// status, a kind): never a URL, a token, an e-mail or an address.
//
// In development Node runs server/main.ts itself while Vite loads the app's own copy of these
// modules into the same process, so a metric can be declared twice: the second declaration gets
// the metric the first one registered (prom-client refuses a name registered twice).
import {
  collectDefaultMetrics,
  Counter,
  Gauge,
  Histogram,
  register,
  type CounterConfiguration,
  type GaugeConfiguration,
  type HistogramConfiguration,
} from "prom-client";

export function counter<T extends string = never>(config: CounterConfiguration<T>): Counter<T> {
  return (register.getSingleMetric(config.name) as Counter<T> | undefined) ?? new Counter(config);
}

export function gauge<T extends string = never>(config: GaugeConfiguration<T>): Gauge<T> {
  return (register.getSingleMetric(config.name) as Gauge<T> | undefined) ?? new Gauge(config);
}

export function histogram<T extends string = never>(config: HistogramConfiguration<T>): Histogram<T> {
  return (register.getSingleMetric(config.name) as Histogram<T> | undefined) ?? new Histogram(config);
}

/**
 * The event-loop delay monitor's timer, in ms. prom-client's default (10 ms) wakes the loop 100
 * times a second: ~4 ms of CPU a second measured on an idle server, 6 % of a shared-cpu-1x's
 * sustained quota spent on one gauge, and each wake-up can land in a throttled period (decision
 * 004). At 50 ms a delay of 50 ms or more (DESIGN's budget) is still seen.
 */
export const EVENT_LOOP_MONITOR_MS = 50;

/**
 * prom-client's process metrics: event-loop delay (nodejs_eventloop_lag_*), heap
 * (nodejs_heap_size_*), RSS (process_resident_memory_bytes), CPU, GC. Once per serving process.
 */
export function collectProcessMetrics() {
  collectDefaultMetrics({ eventLoopMonitoringPrecision: EVENT_LOOP_MONITOR_MS });
}

/**
 * Counters and histograms of the service's own traffic back to zero, as at a start: after the
 * warm-up (server/warm-up.ts), whose requests are not anyone's. Gauges say what is, and process
 * metrics (CPU, GC, memory) rightly include the warm-up: both are left alone.
 */
export function resetTrafficMetrics() {
  for (const metric of register.getMetricsAsArray()) {
    if (metric.name.startsWith("tagback_") && (metric instanceof Counter || metric instanceof Histogram)) metric.reset();
  }
}

/** This process's metrics in Prometheus's text format. */
export const processMetrics = { contentType: register.contentType, metrics: () => register.metrics() };

/**
 * SQLite gave up waiting for the write lock (busy_timeout, db/connection.ts): a request failed (the
 * router's error handler), or a background pass did (the retention sweep, the outbox's delivery).
 */
const sqliteBusy = counter({
  name: "tagback_sqlite_busy_errors_total",
  help: "Requests and background passes (retention sweep, outbox delivery) that failed because SQLite stayed busy (locked) past the busy timeout",
});

/** Counts `error` when it is SQLite's SQLITE_BUSY (or an extended BUSY code). */
export function countDatabaseError(error: unknown) {
  const code = typeof error === "object" && error !== null && "code" in error ? String(error.code) : "";
  if (code.startsWith("SQLITE_BUSY")) sqliteBusy.inc();
}
