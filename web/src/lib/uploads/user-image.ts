/** The picture shown for a user who has none the shop may show. */
export const defaultAvatar = "/images/avatar-default.svg";

/** Where a user's picture may come from besides the shop itself. */
export type UserImageSources = {
  /**
   * The identity provider's picture hosts, as GET /api/auth-options sends them (the same sources as the
   * Content-Security-Policy's `img-src`): an origin (`http://127.0.0.1:4000`, an OIDC issuer) or a
   * host pattern (`https://*.googleusercontent.com`, Google's). None when no provider is configured.
   */
  pictureSources?: readonly string[];
  /** The shop's own origin (the page's). */
  origin?: string;
};

/** The shop's own pictures: uploaded photos and its images. */
const shopPicture = /^\/(uploads|images)\//;

/**
 * A user's picture (account image, profile or portfolio photo), if the shop may show it: a picture of
 * this shop (`/uploads/…`, `/images/…`, by path or at the shop's own address) or one from the identity
 * provider's picture hosts. Anything else gives null (show the default avatar): a remote URL would load
 * in the viewer's browser, e.g. a tracking pixel on the admin's All Users.
 */
export function shownUserImage(
  image: string | null | undefined,
  { pictureSources = [], origin = window.location.origin }: UserImageSources = {},
): string | null {
  if (!image) return null;
  let url: URL;
  try {
    url = new URL(image, origin);
  } catch {
    return null;
  }
  if (url.username || url.password) return null;
  if (url.origin === new URL(origin).origin) {
    if (!shopPicture.test(url.pathname)) return null;
    // As a path, as the shop stores its own pictures (thumbnailOf reads it).
    return `${url.pathname}${url.search}`;
  }
  return pictureSources.some((source) => fromSource(url, source)) ? url.href : null;
}

/** `url` is served from `source`: the same origin, or a host under a `scheme://*.domain` pattern. */
function fromSource(url: URL, source: string): boolean {
  const wildcard = /^(https?):\/\/\*\.([a-z0-9.-]+)$/i.exec(source);
  if (wildcard) {
    const [, scheme, domain] = wildcard;
    return (
      url.protocol === `${scheme?.toLowerCase()}:` &&
      url.port === "" &&
      url.hostname.endsWith(`.${domain?.toLowerCase()}`)
    );
  }
  if (!URL.canParse(source)) return false;
  const allowed = new URL(source);
  return allowed.origin !== "null" && url.origin === allowed.origin;
}
