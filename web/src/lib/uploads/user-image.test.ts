import { describe, expect, it } from "vitest";
import { shownUserImage } from "./user-image";

const origin = "http://127.0.0.1:3000";
const google = { origin, pictureSources: ["https://*.googleusercontent.com"] };
const oidc = { origin, pictureSources: ["http://127.0.0.1:4100"] };
const photo = "/uploads/0123456789abcdef0123456789abcdef.webp";

describe("a user's picture", () => {
  it("shows the shop's own photos and pictures, by path or at the shop's address", () => {
    expect(shownUserImage(photo, { origin })).toBe(photo);
    expect(shownUserImage(`${origin}${photo}`, { origin })).toBe(photo);
    expect(shownUserImage("/images/avatar-default.svg", { origin })).toBe("/images/avatar-default.svg");
  });

  it("shows the configured identity provider's pictures", () => {
    const googlePicture = "https://lh3.googleusercontent.com/a/ACg8ocK=s96-c";
    expect(shownUserImage(googlePicture, google)).toBe(googlePicture);
    expect(shownUserImage("http://127.0.0.1:4100/pictures/me.png", oidc)).toBe(
      "http://127.0.0.1:4100/pictures/me.png",
    );
  });

  it("shows nothing from anywhere else (the default avatar instead)", () => {
    for (const [image, sources] of [
      ["https://tracker.example/pixel.gif", google],
      ["https://googleusercontent.com.evil.example/a.png", google],
      ["https://evilgoogleusercontent.com/a.png", google],
      ["http://lh3.googleusercontent.com/a.png", google],
      ["https://lh3.googleusercontent.com:8443/a.png", google],
      ["https://user:pass@lh3.googleusercontent.com/a.png", google],
      // A provider's pictures only when that provider is configured.
      ["https://lh3.googleusercontent.com/a.png", { origin }],
      ["https://lh3.googleusercontent.com/a.png", oidc],
      ["http://127.0.0.1:4101/me.png", oidc],
      ["//tracker.example/pixel.gif", google],
      ["/\t/tracker.example/pixel.gif", google],
      ["javascript:alert(1)", google],
      ["data:image/svg+xml,<svg/>", google],
      // The shop's own address, but not a picture.
      ["/api/users", { origin }],
      [`${origin}/dashboard`, { origin }],
      ["http://127.0.0.1:3001/uploads/x.webp", { origin }],
    ] as const) {
      expect(shownUserImage(image, sources), image).toBeNull();
    }
  });

  it("shows nothing when there is no picture", () => {
    expect(shownUserImage(null, google)).toBeNull();
    expect(shownUserImage(undefined, google)).toBeNull();
    expect(shownUserImage("", google)).toBeNull();
  });
});
