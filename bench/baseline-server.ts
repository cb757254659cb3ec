import http from "node:http";

// The reference point: a bare node:http server answering constant JSON, as cheap as an HTTP
// answer gets on this machine.
const body = JSON.stringify({
  id: "00000000-0000-4000-8000-000000000000-u1",
  status: "COMPLETED",
  output: "Hello World!",
});
const server = http.createServer((_req, res) => {
  res.writeHead(200, {
    "Content-Type": "application/json",
    "Content-Length": Buffer.byteLength(body),
  });
  res.end(body);
});
server.listen(0, "127.0.0.1", () => {
  const addr = server.address();
  process.stdout.write(
    `${JSON.stringify({ url: `http://127.0.0.1:${typeof addr === "object" && addr ? addr.port : 0}` })}\n`,
  );
});
process.on("SIGTERM", () => server.close(() => process.exit(0)));
