/**
 * The address of a LinkedIn profile saved as a link (with or without https://) or as the id after
 * /in/ (contract/profiles.ts allows both). Always an https URL on linkedin.com, or undefined.
 */
export function linkedInHref(value: string): string | undefined {
  const trimmed = value.trim();
  if (/^[A-Za-z0-9][A-Za-z0-9_.%-]{1,99}$/.test(trimmed)) {
    return `https://www.linkedin.com/in/${encodeURIComponent(decodeSafely(trimmed))}`;
  }
  const withScheme = /^https?:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
  try {
    const url = new URL(withScheme);
    const host = url.hostname.toLowerCase();
    if (host !== "linkedin.com" && !host.endsWith(".linkedin.com")) return undefined;
    url.protocol = "https:";
    return url.href;
  } catch {
    return undefined;
  }
}

function decodeSafely(id: string): string {
  try {
    return decodeURIComponent(id);
  } catch {
    return id;
  }
}

/** What to show for the link: the id alone, or the link without its scheme. */
export function linkedInLabel(value: string): string {
  return value
    .trim()
    .replace(/^https?:\/\//i, "")
    .replace(/^www\./i, "")
    .replace(/\/$/, "");
}
