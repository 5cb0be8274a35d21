import { sql } from "drizzle-orm";
import { getDb } from "../../db/connection";

// Fly's health check: 200 when the database answers a query.
export async function loader() {
  try {
    await getDb().get(sql`select 1`);
    return new Response("OK", { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    console.error("healthcheck failed", error);
    return new Response("ERROR", { status: 500, headers: { "Cache-Control": "no-store" } });
  }
}
