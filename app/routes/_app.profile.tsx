import { eq } from "drizzle-orm";
import type { Route } from "./+types/_app.profile";
import { getDb } from "../../db/connection";
import { profiles } from "../../db/schema";
import { userIdContext } from "~/lib/auth.server";

export const meta = () => [{ title: "Profile | Tagback" }];

export async function loader({ context }: Route.LoaderArgs) {
  const userId = context.get(userIdContext);
  const profile = await getDb()
    .select({ firstName: profiles.firstName, lastName: profiles.lastName, photoUrl: profiles.photoUrl })
    .from(profiles)
    .where(eq(profiles.id, userId))
    .get();
  return { profile: profile ?? null };
}

export default function ProfilePage({ loaderData }: Route.ComponentProps) {
  const name = [loaderData.profile?.firstName, loaderData.profile?.lastName].filter(Boolean).join(" ");
  return (
    <section aria-labelledby="profile-title">
      <h1 id="profile-title" className="text-2xl font-bold">Profile</h1>
      <div className="mt-6 flex items-center gap-4">
        {loaderData.profile?.photoUrl ? (
          <img src={loaderData.profile.photoUrl} alt="" width={64} height={64} className="h-16 w-16 rounded-full object-cover" data-testid="profile-photo" />
        ) : null}
        <p className="text-lg font-semibold">{name || "Your name is not set yet"}</p>
      </div>
    </section>
  );
}
