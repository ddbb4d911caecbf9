import assert from "node:assert/strict";
import { describeOnTargets } from "./test-db.ts";
import { makeAdminStore } from "./admin-repository.ts";
import { endAdminSessions, makeAdminSessionStore } from "./admin-sessions-repository.ts";

describeOnTargets("admin sessions", async (t, db) => {
  const sessions = makeAdminSessionStore(db.sql);
  const admins = makeAdminStore(db.sql);
  const ann = await admins.insert({ name: "Ann", email: "ann@example.com", role: "admin", passwordHash: "x" });

  await t.step("a started session finds its admin and CSRF token until it ends", async () => {
    const { sessionId, csrfToken } = await sessions.start(ann._id);
    assert.match(csrfToken, /^[A-Za-z0-9_-]{43}$/);
    const found = await sessions.find(sessionId, ann._id);
    assert.equal(found?.user.email, "ann@example.com");
    assert.equal(found?.csrfToken, csrfToken);
    assert.equal(await sessions.find(sessionId, crypto.randomUUID()), null, "another admin's id");
    assert.equal(await sessions.find("not-a-uuid", ann._id), null);
    await sessions.end(sessionId);
    assert.equal(await sessions.find(sessionId, ann._id), null);
  });

  await t.step("ending an admin's sessions can keep one", async () => {
    const [a, b, c] = [await sessions.start(ann._id), await sessions.start(ann._id), await sessions.start(ann._id)];
    await endAdminSessions(db.sql, ann._id, b.sessionId);
    assert.equal(await sessions.find(a.sessionId, ann._id), null);
    assert.ok(await sessions.find(b.sessionId, ann._id));
    assert.equal(await sessions.find(c.sessionId, ann._id), null);
    await endAdminSessions(db.sql, ann._id);
    assert.equal(await sessions.find(b.sessionId, ann._id), null);
  });

  await t.step("deleting the admin deletes their sessions; old ones are swept", async () => {
    const ben = await admins.insert({ name: "Ben", email: "ben@example.com", role: "admin", passwordHash: "x" });
    const { sessionId } = await sessions.start(ben._id);
    await db.sql`delete from admins where id = ${ben._id}`;
    const [{ n }] = await db.sql<{ n: number }[]>`select count(*)::int as n from admin_sessions where id = ${sessionId}`;
    assert.equal(n, 0);
    const old = await sessions.start(ann._id);
    await db.sql`update admin_sessions set created_at = now() - interval '13 hours' where id = ${old.sessionId}`;
    const fresh = await sessions.start(ann._id);
    assert.equal(await sessions.deleteOlderThan(12), 1);
    assert.ok(await sessions.find(fresh.sessionId, ann._id));
  });
});
