import { useActionData, useLoaderData, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/findowner";
import type { loader as rootLoader } from "~/root";
import { FinderDialog, FinderForm } from "~/features/finder/finder-search";
import { finderMeta, finderShouldRevalidate } from "~/features/finder/finder";
import { finderAction, finderHeaders, finderLoader } from "~/features/finder/finder-route.server";
import { SOCIAL_LINKS } from "~/core/site";
import { TOKEN_LENGTH } from "~/features/stickers/rules";

export const meta: Route.MetaFunction = ({ loaderData }) =>
  finderMeta(loaderData, {
    title: "Find the owner | Tagback",
    description:
      "Found something with a Tagback sticker? Type its metro card number or token to reach the owner.",
  });

export const loader = finderLoader;
export const action = finderAction;
export const headers = finderHeaders;
export const shouldRevalidate = finderShouldRevalidate;

const CONTACTS = SOCIAL_LINKS.filter((link) => ["X", "Instagram", "WhatsApp"].includes(link.label));

export default function FindOwner() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const root = useRouteLoaderData<typeof rootLoader>("root");
  return (
    <>
      <FinderDialog data={data} actionData={actionData} closeHref="/findowner" />
      <section id="find-owner" aria-labelledby="findowner-title" className="mx-auto max-w-xl px-4 py-10">
        <h1 id="findowner-title" className="text-2xl font-black tracking-tight text-brand-900 sm:text-3xl">
          Find the owner
        </h1>
        <p className="mt-2 text-slate-700">
          Found a metro card, laptop, keys or bag with a Tagback sticker? Type the metro card number or the {TOKEN_LENGTH}-digit token
          printed on the sticker. Search is instant and needs no account.
        </p>
        <div className="mt-6 rounded-2xl border border-slate-200 p-4 shadow-sm sm:p-6">
          <FinderForm data={data} action="/findowner" />
        </div>
      </section>

      {/* Floating Buy Stickers link and Contact us menu (a <details>, so it opens without JavaScript). */}
      <div className="fixed bottom-4 right-4 z-30 flex flex-col items-end gap-2">
        <details className="relative">
          <summary className="cursor-pointer list-none rounded-full bg-slate-900 px-4 py-3 text-sm font-semibold text-white shadow-lg">
            Contact us
          </summary>
          <ul className="absolute bottom-14 right-0 w-44 rounded-xl border border-slate-200 bg-white p-2 text-sm shadow-xl">
            {CONTACTS.map((link) => (
              <li key={link.label}>
                <a className="block rounded-lg px-3 py-2 hover:bg-slate-100" href={link.href} target="_blank" rel="noopener noreferrer">
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </details>
        <a
          href={root?.shopUrl ?? "#"}
          target="_blank"
          rel="noopener noreferrer"
          className="rounded-full bg-brand-600 px-4 py-3 text-sm font-semibold text-white shadow-lg hover:bg-brand-700"
        >
          Buy Stickers
        </a>
      </div>
    </>
  );
}
