import dns from "node:dns";
import { BlockList, isIP } from "node:net";
import { webhookMessages } from "../../contract/webhooks";
import { badRequest } from "../http/errors";

// Webhooks go to the buyers' systems on the public internet, never into the shop's own network
// (a server-side request forgery: an admin's URL pointing at 169.254.169.254 or a database). The
// address is checked when the endpoint is added (here), and each delivery's connection is checked
// again against the address it actually resolved to (deliverer.ts, request-filtering-agent).

const refused = new BlockList();
for (const [network, bits] of [
  ["0.0.0.0", 8], // "this network", the unspecified address
  ["10.0.0.0", 8], // private
  ["100.64.0.0", 10], // carrier-grade NAT
  ["127.0.0.0", 8], // loopback
  ["169.254.0.0", 16], // link-local (the cloud's metadata service)
  ["172.16.0.0", 12], // private
  ["192.0.0.0", 24], // protocol assignments
  ["192.168.0.0", 16], // private
  ["198.18.0.0", 15], // benchmarking
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, broadcast
] as const) {
  refused.addSubnet(network, bits, "ipv4");
}
for (const [network, bits] of [
  ["::", 128], // unspecified
  ["::1", 128], // loopback
  ["fc00::", 7], // unique-local
  ["fe80::", 10], // link-local
  ["ff00::", 8], // multicast
  ["64:ff9b::", 96], // NAT64 (an IPv4 address inside)
] as const) {
  refused.addSubnet(network, bits, "ipv6");
}

/** An IPv4-mapped IPv6 address (`::ffff:127.0.0.1` or `::ffff:7f00:1`) as its IPv4 address; others as they are. */
function unmapped(address: string): string {
  const mapped = /^(?:0{0,4}:){0,5}:?ffff:(.+)$/i.exec(address)?.[1];
  if (!mapped) return address;
  if (isIP(mapped) === 4) return mapped;
  const groups = /^([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(mapped);
  if (!groups) return address;
  const [high, low] = [Number.parseInt(groups[1] ?? "0", 16), Number.parseInt(groups[2] ?? "0", 16)];
  return [high >> 8, high & 255, low >> 8, low & 255].join(".");
}

/** True for an address webhooks must not reach: private, loopback, link-local, unique-local, CGNAT, multicast, unspecified. */
export function isPrivateAddress(address: string): boolean {
  const plain = unmapped(address.replace(/^\[|\]$/g, "").replace(/%.*$/, ""));
  const family = isIP(plain);
  if (family === 0) return true;
  return refused.check(plain, family === 4 ? "ipv4" : "ipv6");
}

/** The addresses a URL's host stands for: the literal address, or every one DNS answers. */
async function addressesOf(url: string): Promise<string[]> {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, "");
  if (isIP(host) !== 0) return [host];
  try {
    const answers = await dns.promises.lookup(host, { all: true, verbatim: true });
    return answers.map((a) => a.address);
  } catch {
    throw badRequest(`The address's host ${host} could not be found`);
  }
}

/**
 * Refuses (400) a webhook URL whose host is, or resolves to any, private address, unless the
 * setting allows them (WEBHOOK_ALLOW_PRIVATE=true).
 */
export async function checkWebhookAddress(url: string, allowPrivate: boolean): Promise<void> {
  if (allowPrivate) return;
  const addresses = await addressesOf(url);
  if (addresses.length === 0 || addresses.some(isPrivateAddress)) {
    throw badRequest(webhookMessages.privateAddress);
  }
}
