import { sql } from "drizzle-orm";
import type { Route } from "./+types/healthcheck";
import { dbContext } from "~/core/context";

// Fly's health check: 200 when the database answers a query.
export async function loader({ context }: Route.LoaderArgs) {
  try {
    await context.get(dbContext).get(sql`select 1`);
    return new Response("OK", { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    console.error("healthcheck failed", error);
    return new Response("ERROR", { status: 500, headers: { "Cache-Control": "no-store" } });
  }
}
