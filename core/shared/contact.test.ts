import assert from "node:assert/strict";
import { formatAddress, mapSearchUrl } from "./contact.ts";

Deno.test("mapSearchUrl: a Google Maps search for the whole address, encoded", () => {
  const address = formatAddress({ unit: "4", street: "12 Chapel St", suburb: "Richmond", state: "VIC", postCode: "3121" });
  assert.equal(address, "4/12 Chapel St, Richmond VIC 3121");
  const url = mapSearchUrl(address);
  assert.equal(url, "https://www.google.com/maps/search/?api=1&query=4%2F12%20Chapel%20St%2C%20Richmond%20VIC%203121");
  // Read back, the query is the address itself, nothing else.
  const parsed = new URL(url);
  assert.equal(parsed.origin + parsed.pathname, "https://www.google.com/maps/search/");
  assert.equal(parsed.searchParams.get("api"), "1");
  assert.equal(parsed.searchParams.get("query"), address);
});

Deno.test("mapSearchUrl: characters that mean something in a URL stay in the query", () => {
  const parsed = new URL(mapSearchUrl("Shop 2 & 3, 10 Main Rd #B, Lilydale VIC 3140?x=1"));
  assert.equal(parsed.searchParams.get("query"), "Shop 2 & 3, 10 Main Rd #B, Lilydale VIC 3140?x=1");
  assert.equal([...parsed.searchParams.keys()].join(","), "api,query");
  assert.equal(parsed.hash, "");
});

Deno.test("mapSearchUrl: runs of spaces and line breaks become one space", () => {
  const parsed = new URL(mapSearchUrl("  12 Smith St,\n  Fitzroy   VIC 3065 "));
  assert.equal(parsed.searchParams.get("query"), "12 Smith St, Fitzroy VIC 3065");
});
