import assert from "node:assert/strict";
import { ConfigError, loadConfig } from "./config.ts";

Deno.test("config: the embedded defaults need no variables", () => {
  const config = loadConfig({});
  assert.equal(config.PORT, 8000);
  assert.equal(config.embedded, true);
  assert.equal(config.seedDemo, true);
  assert.equal(config.DATA_DIR, "./data");
  assert.equal(config.TOKEN_TTL_HOURS, 12);
});

Deno.test("config: PostgreSQL turns demo data off and needs a JWT secret", () => {
  assert.throws(
    () => loadConfig({ DATABASE_URL: "postgres://u@h/db" }),
    (e: Error) => e instanceof ConfigError && /JWT_SECRET: required/.test(e.message),
  );
  const config = loadConfig({ DATABASE_URL: "postgres://u@h/db", JWT_SECRET: "x".repeat(32), SITE_URL: "https://yarrashine.com.au" });
  assert.equal(config.embedded, false);
  assert.equal(config.seedDemo, false);
  assert.equal(loadConfig({ DATABASE_URL: "postgres://u@h/db", JWT_SECRET: "x".repeat(32), SITE_URL: "https://yarrashine.com.au", SEED_DEMO: "true" }).seedDemo, true);
});

Deno.test("config: bad values stop start-up with every problem named", () => {
  const cases: [Record<string, string>, RegExp][] = [
    [{ PORT: "eighty" }, /PORT/],
    [{ PORT: "70000" }, /PORT/],
    [{ DATABASE_URL: "mysql://x" }, /DATABASE_URL: must be a postgres:\/\/ URL/],
    [{ JWT_SECRET: "short" }, /JWT_SECRET: must be at least 32 characters/],
    [{ SUPERADMIN_EMAIL: "not-an-email", SUPERADMIN_PASSWORD: "long-enough-pass" }, /SUPERADMIN_EMAIL/],
    [{ SUPERADMIN_EMAIL: "a@b.co" }, /go together/],
    [{ SMTP_URL: "http://mail" }, /SMTP_URL/],
    [{ SEED_DEMO: "maybe" }, /SEED_DEMO/],
    [{ SITE_URL: "yarrashine.com.au" }, /SITE_URL: must be an http:\/\/ or https:\/\/ address/],
    [{ DATABASE_URL: "postgres://u@h/db", JWT_SECRET: "x".repeat(32) }, /SITE_URL: required with DATABASE_URL/],
  ];
  for (const [env, message] of cases) {
    assert.throws(() => loadConfig(env), (e: Error) => e instanceof ConfigError && message.test(e.message), JSON.stringify(env));
  }
});

Deno.test("config: SITE_URL loses its trailing slash", () => {
  assert.equal(loadConfig({ SITE_URL: "https://yarrashine.com.au/" }).SITE_URL, "https://yarrashine.com.au");
  assert.equal(loadConfig({}).SITE_URL, undefined);
});

Deno.test("config: empty strings count as unset", () => {
  assert.equal(loadConfig({ PORT: "", DATABASE_URL: " " }).PORT, 8000);
  assert.equal(loadConfig({ DATABASE_URL: "" }).embedded, true);
});

Deno.test("config: TRUST_PROXY is a hop count; true is one proxy", () => {
  const hops = (v?: string) => loadConfig(v === undefined ? {} : { TRUST_PROXY: v }).TRUST_PROXY;
  assert.deepEqual([hops(), hops("false"), hops("0"), hops("true"), hops("1"), hops("2"), hops("yes")], [0, 0, 0, 1, 1, 2, 1]);
  assert.throws(() => loadConfig({ TRUST_PROXY: "-1" }), /TRUST_PROXY/);
  assert.throws(() => loadConfig({ TRUST_PROXY: "many" }), /TRUST_PROXY/);
});
