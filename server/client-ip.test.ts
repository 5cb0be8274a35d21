import { describe, expect, test } from "vitest";
import { clientIp } from "./client-ip";

describe("clientIp", () => {
  test("uses the socket address when no proxy is trusted, ignoring Fly-Client-IP", () => {
    expect(clientIp({ trustProxy: undefined, flyClientIp: "9.9.9.9", socketAddress: "10.0.0.5" })).toBe("10.0.0.5");
  });

  test("uses Fly-Client-IP behind Fly", () => {
    expect(clientIp({ trustProxy: "fly", flyClientIp: " 203.0.113.7 ", socketAddress: "172.16.0.2" })).toBe("203.0.113.7");
    expect(clientIp({ trustProxy: "fly", flyClientIp: ["2001:db8::1", "x"], socketAddress: "172.16.0.2" })).toBe("2001:db8::1");
  });

  test("falls back to the socket behind Fly when the header is missing or empty", () => {
    expect(clientIp({ trustProxy: "fly", flyClientIp: undefined, socketAddress: "172.16.0.2" })).toBe("172.16.0.2");
    expect(clientIp({ trustProxy: "fly", flyClientIp: "  ", socketAddress: "172.16.0.2" })).toBe("172.16.0.2");
  });

  test("an IPv4-mapped IPv6 socket address is the IPv4 client", () => {
    expect(clientIp({ trustProxy: undefined, flyClientIp: undefined, socketAddress: "::ffff:127.0.0.1" })).toBe("127.0.0.1");
    expect(clientIp({ trustProxy: undefined, flyClientIp: undefined, socketAddress: "::1" })).toBe("::1");
  });
});
