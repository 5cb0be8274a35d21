import { describe, expect, test } from "vitest";
import { channelsFor, deviceLabel, effectiveChoice } from "./rules";

describe("push rules", () => {
  test("e-mail until a device is subscribed, then both unless the owner chose; push without a device falls back to e-mail", () => {
    expect(channelsFor(null, 0)).toEqual({ email: true, push: false });
    expect(channelsFor(null, 1)).toEqual({ email: true, push: true });
    expect(channelsFor("push", 1)).toEqual({ email: false, push: true });
    expect(channelsFor("push", 0)).toEqual({ email: true, push: false });
    expect(channelsFor("email", 3)).toEqual({ email: true, push: false });
    expect(effectiveChoice("push", 0)).toBe("email");
  });

  test("a device's label from its User-Agent", () => {
    expect(deviceLabel("Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36")).toBe("Chrome on Android");
    expect(deviceLabel("Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1")).toBe("Safari on iPhone");
    expect(deviceLabel("Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0")).toBe("Firefox on Windows");
    expect(deviceLabel("Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0")).toBe("Edge on Windows");
    expect(deviceLabel(null)).toBe("A browser");
  });
});
