import { z } from "zod";

/** A$ on the wire: a JSON number with at most 2 decimals (decisions.md). */
export const moneySchema = z.number().meta({ description: "A$, at most 2 decimals" });
