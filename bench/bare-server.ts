// The baseline: a bare node:http server answering every request with the bytes in BODY_FILE,
// with the same headers the shop sends for the tool list (HEADERS_JSON: security headers included).
import fs from "node:fs";
import http from "node:http";

const body = fs.readFileSync(process.env.BODY_FILE ?? "");
const headers: Record<string, string> = JSON.parse(process.env.HEADERS_JSON ?? "{}");
http
  .createServer((_req, res) => {
    res.writeHead(200, { ...headers, "content-length": body.length });
    res.end(body);
  })
  .listen(Number(process.env.PORT), "127.0.0.1", () => console.log("ready"));
