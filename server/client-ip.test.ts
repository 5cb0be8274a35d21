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

  test("behind Fly, a Fly-Client-IP that is not one IP address is ignored: the socket counts", () => {
    const fly = (flyClientIp: string | string[]) => clientIp({ trustProxy: "fly", flyClientIp, socketAddress: "172.16.0.2" });
    expect(fly("1".repeat(6_000))).toBe("172.16.0.2");
    expect(fly(`203.0.113.7${" ".repeat(6_000)}x`)).toBe("172.16.0.2");
    expect(fly("1.2.3.4, 5.6.7.8")).toBe("172.16.0.2");
    expect(fly("garbage")).toBe("172.16.0.2");
    expect(fly("999.1.1.1")).toBe("172.16.0.2");
    expect(fly("2001:db8::1/64")).toBe("172.16.0.2");
    expect(fly(["not-an-ip", "203.0.113.7"])).toBe("172.16.0.2");
    // Addresses are taken as they are (trimmed).
    expect(fly("::1")).toBe("::1");
    expect(fly(" 2001:DB8::1 ")).toBe("2001:DB8::1");
    expect(fly("::ffff:198.51.100.4")).toBe("198.51.100.4");
  });

  test("an IPv4-mapped IPv6 socket address is the IPv4 client", () => {
    expect(clientIp({ trustProxy: undefined, flyClientIp: undefined, socketAddress: "::ffff:127.0.0.1" })).toBe("127.0.0.1");
    expect(clientIp({ trustProxy: undefined, flyClientIp: undefined, socketAddress: "::1" })).toBe("::1");
  });
});
