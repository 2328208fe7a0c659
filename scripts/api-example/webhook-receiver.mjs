#!/usr/bin/env node
// The other half of a buyer's system: an HTTP endpoint the shop's webhooks post to. It checks each
// delivery's signature (Standard Webhooks, the `standardwebhooks` package) with the endpoint's secret
// (shown once when the admin adds the endpoint), answers 204 at once, and prints the event.
//
//   WEBHOOK_SECRET=whsec_… PORT=4000 node scripts/api-example/webhook-receiver.mjs
//
// A delivery answered with anything but 2xx (or not within the shop's timeout) is sent again, with the
// same webhook-id: keep the ids you have handled and ignore a repeat.
import http from "node:http";
import { Webhook } from "standardwebhooks";

export function startReceiver({
  secret,
  port = 0,
  host = "127.0.0.1",
  onEvent = (e) => console.log(JSON.stringify(e)),
}) {
  const verifier = new Webhook(secret);
  const seen = new Set();
  const server = http.createServer((req, res) => {
    const chunks = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      let event;
      try {
        event = verifier.verify(body, req.headers);
      } catch {
        res.writeHead(400).end("bad signature");
        return;
      }
      res.writeHead(204).end();
      const id = req.headers["webhook-id"];
      if (seen.has(id)) return;
      seen.add(id);
      onEvent({ id, ...event });
    });
  });
  return new Promise((resolve) => server.listen(port, host, () => resolve(server)));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const secret = process.env.WEBHOOK_SECRET;
  if (!secret) throw new Error("Set WEBHOOK_SECRET to the endpoint's secret (whsec_…)");
  const server = await startReceiver({
    secret,
    port: Number(process.env.PORT ?? 4000),
    host: process.env.HOST ?? "0.0.0.0",
  });
  console.error(`Listening on ${JSON.stringify(server.address())}`);
}
