// The address classifier of the push sender's connect-time check (decision 042) over issue 47's
// list of endpoints that reached the inside, as a URL spells them (the WHATWG parser turns 127.1 and
// 2130706433 into 127.0.0.1, and [::ffff:127.0.0.1] into [::ffff:7f00:1]) and as DNS answers them.
import { expect, test } from "vitest";
import { nonPublicRange } from "./address-ranges";

const hostOf = (url: string) => new URL(url).hostname;

test("every endpoint of the issue's list is refused, by the range it is in", () => {
  const refused: [string, string][] = [
    [hostOf("https://127.0.0.1:9091/"), "loopback"],
    [hostOf("https://127.1/"), "loopback"],
    [hostOf("https://2130706433/"), "loopback"],
    [hostOf("https://0x7f.1/"), "loopback"],
    [hostOf("https://[::ffff:127.0.0.1]/"), "loopback"],
    ["::ffff:127.0.0.1", "loopback"],
    [hostOf("https://[::1]/"), "loopback"],
    [hostOf("https://169.254.169.254/"), "link-local"],
    [hostOf("https://[fe80::1]/"), "link-local"],
    ["fe80::1%eth0", "link-local"],
    [hostOf("https://[fdaa::3]/"), "unique-local"],
    ["fc00::1", "unique-local"],
    ["10.0.0.1", "private"],
    ["10.255.255.255", "private"],
    ["172.16.0.1", "private"],
    ["172.31.255.254", "private"],
    ["192.168.1.1", "private"],
    ["100.64.0.1", "private"],
    ["::ffff:10.1.2.3", "private"],
    ["::ffff:a01:203", "private"],
    ["0.0.0.0", "unspecified"],
    ["::", "unspecified"],
    ["224.0.0.1", "multicast"],
    ["239.255.255.250", "multicast"],
    ["ff02::1", "multicast"],
    ["255.255.255.255", "reserved"],
    ["::127.0.0.1", "embedded IPv4"],
    ["64:ff9b::7f00:1", "embedded IPv4"],
    ["2002:7f00:1::", "embedded IPv4"],
    ["push.example", "not an IP address"],
  ];
  for (const [address, range] of refused) expect(nonPublicRange(address), address).toBe(range);
});

test("public addresses pass, the neighbours of the private ranges too", () => {
  // Google's and Mozilla's push services' kind of addresses, and the edges of 172.16/12 and 100.64/10.
  for (const address of ["142.250.183.10", "34.117.59.81", "172.15.255.255", "172.32.0.0", "100.63.255.255", "100.128.0.0", "11.0.0.1", "2607:f8b0:4004:c07::5f", "2a00:1450:4001:80b::200a", "::ffff:8.8.8.8"]) {
    expect(nonPublicRange(address), address).toBeNull();
  }
});
