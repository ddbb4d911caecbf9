/**
 * Issue 18: an integrator's client keeps its connection after a JSON POST. Deno 2.8.3–2.9.5 answered
 * `connection: close` to every request whose body came after its head (denoland/deno#36657), so each
 * booking cost the client a new TCP connection; 2.9.6 keeps it once the handler has read the body.
 * Over a real socket, with the head and the body written apart as browsers and HTTP clients do.
 */
import assert from "node:assert/strict";
import { describeApi } from "./test-app.ts";

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** Reads one HTTP/1.1 answer with a Content-Length from `conn`: its status line, headers and body. */
async function readAnswer(conn: Deno.Conn) {
  let received = new Uint8Array(0);
  const buffer = new Uint8Array(16 * 1024);
  for (;;) {
    const text = decoder.decode(received);
    const headEnd = text.indexOf("\r\n\r\n");
    if (headEnd >= 0) {
      const head = text.slice(0, headEnd);
      const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? 0);
      const bodyStart = encoder.encode(text.slice(0, headEnd + 4)).length;
      if (received.length >= bodyStart + length) {
        return {
          status: Number(head.split(" ")[1]),
          closes: /\r\nconnection: *close/i.test(head),
          body: decoder.decode(received.subarray(bodyStart, bodyStart + length)),
        };
      }
    }
    const read = await conn.read(buffer);
    if (read === null) throw new Error("The server closed the connection before answering in full.");
    received = new Uint8Array([...received, ...buffer.subarray(0, read)]);
  }
}

describeApi("a JSON POST keeps the client's connection open", async (t, app) => {
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, app.fetch);
  const conn = await Deno.connect({ hostname: "127.0.0.1", port: server.addr.port });
  try {
    await t.step("an inquiry whose body arrives after its head: 201 without connection: close", async () => {
      const body = encoder.encode(JSON.stringify({
        inquiryType: "OFFICE", firstName: "Priya", lastName: "Shah", email: "priya@office.example",
        phone: "(03) 9123 4567", suburb: "Box Hill",
        // Longer than the server's first read, as a real inquiry's message often is.
        message: "Nightly clean of an open-plan office of 40 desks, two kitchens and four bathrooms. ".repeat(20),
      }));
      await conn.write(encoder.encode(
        "POST /api/inquiries HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n" +
          `Content-Length: ${body.length}\r\n\r\n`,
      ));
      await new Promise((resolve) => setTimeout(resolve, 20));
      await conn.write(body);
      const answer = await readAnswer(conn);
      assert.equal(answer.status, 201, answer.body);
      assert.equal(answer.closes, false, "the answer asked the client to close the connection");
    });

    await t.step("the same connection takes the next request", async () => {
      await conn.write(encoder.encode("GET /api/health HTTP/1.1\r\nHost: localhost\r\n\r\n"));
      const answer = await readAnswer(conn);
      assert.equal(answer.status, 200, answer.body);
    });
  } finally {
    conn.close();
    await server.shutdown();
  }
});
