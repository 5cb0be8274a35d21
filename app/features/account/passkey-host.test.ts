import { describe, expect, test } from "vitest";
import { passkeyNeedsName } from "./passkey-host";

const at = (url: string) => {
  const { hostname, port, pathname, search, protocol } = new URL(url);
  return passkeyNeedsName({ hostname, port, pathname, search, protocol });
};

describe("a page opened at an IP address cannot use passkeys", () => {
  test("a loopback address: the same page at localhost", () => {
    expect(at("http://127.0.0.1:3000/settings?tab=security")).toEqual({ localhostUrl: "http://localhost:3000/settings?tab=security" });
    expect(at("http://[::1]:3000/auth")).toEqual({ localhostUrl: "http://localhost:3000/auth" });
    expect(at("http://127.0.0.2/auth")).toEqual({ localhostUrl: "http://localhost/auth" });
  });

  test("another address: no name to offer", () => {
    expect(at("http://192.168.1.20:3000/settings")).toEqual({ localhostUrl: null });
    expect(at("https://[2001:db8::1]/auth")).toEqual({ localhostUrl: null });
  });

  test("a name: passkeys work", () => {
    expect(at("http://localhost:3000/settings")).toBeNull();
    expect(at("https://tagback.in/auth")).toBeNull();
    expect(at("https://127.example.com/auth")).toBeNull();
  });
});
