import { describe, expect, test } from "vitest";
import { LagTracker, litestreamMetricsUrl, readPositions } from "./replication-lag.server";

const TEXT = `# HELP litestream_shadow_wal_index The current shadow WAL index
litestream_db_size{db="/data/tagback.db"} 16384
litestream_replica_wal_index{db="/data/tagback.db",name="objectstore"} 2
litestream_replica_wal_offset{db="/data/tagback.db",name="objectstore"} 4152
litestream_shadow_wal_index{db="/data/tagback.db"} 3
litestream_shadow_wal_size{db="/data/tagback.db"} 32
`;

describe("reading Litestream's metrics", () => {
  test("its address, read on loopback when it listens everywhere", () => {
    expect(litestreamMetricsUrl(":9090")).toBe("http://127.0.0.1:9090/metrics");
    expect(litestreamMetricsUrl("0.0.0.0:9090")).toBe("http://127.0.0.1:9090/metrics");
    expect(litestreamMetricsUrl("[::]:9090")).toBe("http://[::1]:9090/metrics");
    expect(litestreamMetricsUrl("127.0.0.1:4000")).toBe("http://127.0.0.1:4000/metrics");
    expect(litestreamMetricsUrl("")).toBeNull();
    expect(litestreamMetricsUrl(undefined)).toBeNull();
  });

  test("the shadow's and the replica's positions for the database", () => {
    expect(readPositions(TEXT, "/data/tagback.db")).toEqual({ shadow: { index: 3, offset: 32 }, replica: { index: 2, offset: 4152 } });
    // The only database, whatever path the app was given.
    expect(readPositions(TEXT, "data/other.db")).toEqual({ shadow: { index: 3, offset: 32 }, replica: { index: 2, offset: 4152 } });
    // No replica position yet (never synced).
    expect(readPositions(TEXT.split("\n").filter((l) => !l.includes("replica")).join("\n"), "/data/tagback.db")).toEqual({ shadow: { index: 3, offset: 32 }, replica: null });
    expect(readPositions("", "/data/tagback.db")).toBeNull();
  });
});

describe("the lag's bookkeeping", () => {
  const at = (index: number, offset: number) => ({ index, offset });

  test("the age of the oldest shadow position the replica has not reached", () => {
    const lag = new LagTracker(0);
    lag.observe({ shadow: at(0, 100), replica: at(0, 100) }, 1_000);
    expect(lag.lagSeconds(5_000)).toBe(0);
    lag.observe({ shadow: at(0, 200), replica: at(0, 100) }, 6_000);
    lag.observe({ shadow: at(1, 50), replica: at(0, 200) }, 11_000);
    expect(lag.lagSeconds(12_000)).toBe(1);
    lag.observe({ shadow: at(1, 80), replica: at(0, 200) }, 16_000);
    expect(lag.lagSeconds(20_000)).toBe(9);
    lag.observe({ shadow: at(1, 80), replica: at(1, 80) }, 21_000);
    expect(lag.lagSeconds(22_000)).toBe(0);
  });

  test("never synced: grows from the start; unreadable: grows from the first failed read", () => {
    const lag = new LagTracker(0);
    lag.observe({ shadow: at(0, 100), replica: null }, 5_000);
    expect(lag.lagSeconds(30_000)).toBe(30);
    const unread = new LagTracker(0);
    unread.observe({ shadow: at(0, 100), replica: at(0, 100) }, 5_000);
    unread.observe(null, 10_000);
    unread.observe(null, 15_000);
    expect(unread.lagSeconds(20_000)).toBe(10);
    // Read again and caught up: nothing is waiting.
    unread.observe({ shadow: at(0, 300), replica: at(0, 300) }, 25_000);
    expect(unread.lagSeconds(26_000)).toBe(0);
  });

  test("a new generation (the shadow goes back): the replica's old position vouches for nothing until it moves", () => {
    const lag = new LagTracker(0);
    lag.observe({ shadow: at(4, 100), replica: at(4, 100) }, 1_000);
    lag.observe({ shadow: at(0, 32), replica: at(4, 100) }, 6_000);
    lag.observe({ shadow: at(0, 64), replica: at(4, 100) }, 11_000);
    expect(lag.lagSeconds(16_000)).toBe(10);
    lag.observe({ shadow: at(0, 64), replica: at(0, 64) }, 16_000);
    expect(lag.lagSeconds(17_000)).toBe(0);
  });
});
