/** The staff catalogue store's contract, on PGlite always and on PostgreSQL when DATABASE_URL is set. */
import { describeOnTargets } from "./test-db.ts";
import { catalogAdminContract } from "./catalog-admin.contract.ts";

describeOnTargets("catalog admin store contract", (t, db) => catalogAdminContract(t, db));
