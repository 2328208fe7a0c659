// The protocol fakes' HTTP servers (not a test file itself).
import type http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * Starts a fake's server on a free port of 127.0.0.1. Closing it also ends the connections its
 * clients keep alive (the Stripe and AWS SDKs do), which would otherwise hold the close open.
 */
export async function listenOnLocalhost(
  server: http.Server,
): Promise<{ url: string; close(): Promise<void> }> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
