/** Every port's contract, on PGlite always and on PostgreSQL when DATABASE_URL is set. */
import { describeOnTargets } from "./test-db.ts";
import { catalogContract } from "./catalog.contract.ts";
import { bookingContract } from "./booking.contract.ts";
import { adminContract, settingsContract } from "./settings.contract.ts";
import { cleanersContract } from "./cleaners.contract.ts";

describeOnTargets("catalog reader contract", (t, db) => catalogContract(t, db));
describeOnTargets("booking store contract", (t, db) => bookingContract(t, db));
describeOnTargets("settings store contract", (t, db) => settingsContract(t, db));
describeOnTargets("admin store contract", (t, db) => adminContract(t, db));
describeOnTargets("cleaners store contract", (t, db) => cleanersContract(t, db));
