// The baseline: a bare node:http server answering every request with the bytes in BODY_FILE,
// with the same headers the shop sends for the tool list.
import fs from "node:fs";
import http from "node:http";

const body = fs.readFileSync(process.env.BODY_FILE ?? "");
const total = process.env.TOTAL_COUNT ?? "0";
http
  .createServer((_req, res) => {
    res.writeHead(200, {
      "content-type": "application/json; charset=utf-8",
      "content-length": body.length,
      "x-total-count": total,
    });
    res.end(body);
  })
  .listen(Number(process.env.PORT), "127.0.0.1", () => console.log("ready"));
