import assert from "node:assert/strict";
import { Hono } from "hono";
import { clientAddress } from "./client-address.ts";

const addressSeen = async (hops: number | boolean, forwardedFor?: string) => {
  const app = new Hono().get("/", (c) => c.text(clientAddress(c, hops)));
  const res = await app.request("/", { headers: forwardedFor ? { "x-forwarded-for": forwardedFor } : {} });
  return await res.text();
};

Deno.test("X-Forwarded-For: the entry `hops` from the right, never one the client wrote", async () => {
  // The client sent "6.6.6.6" itself; the one proxy appended the address it saw.
  assert.equal(await addressSeen(1, "6.6.6.6, 203.0.113.7"), "203.0.113.7");
  assert.equal(await addressSeen(true, "6.6.6.6, 203.0.113.7"), "203.0.113.7");
  // Two proxies (CDN then load balancer): the CDN's entry is the client.
  assert.equal(await addressSeen(2, "6.6.6.6, 203.0.113.7, 10.0.0.5"), "203.0.113.7");
  // A shorter chain than the hops: the left-most is as far as it goes.
  assert.equal(await addressSeen(3, "203.0.113.7"), "203.0.113.7");
});

Deno.test("X-Forwarded-For is ignored unless proxies are trusted", async () => {
  assert.equal(await addressSeen(0, "6.6.6.6"), "unknown");
  assert.equal(await addressSeen(false, "6.6.6.6"), "unknown");
  assert.equal(await addressSeen(1, " , "), "unknown");
});
