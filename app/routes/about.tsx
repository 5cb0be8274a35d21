import { useActionData, useLoaderData } from "react-router";
import type { Route } from "./+types/about";
import { buttonClasses } from "~/components/ui/button";
import { FinderDialog, FinderForm } from "~/features/finder/finder-search";
import { ScanDemoLink } from "~/features/finder/search-form";
import { DEMO_TOKEN, DEMO_UNLOCK_DIGITS } from "~/features/finder/demo";
import { finderMeta, finderShouldRevalidate } from "~/features/finder/finder";
import { finderAction, finderHeaders, finderLoader } from "~/features/finder/finder-route.server";
import { formatToken } from "~/features/finder/search-input";
import { HowItWorks } from "~/features/finder/how-it-works";
import { TOKEN_LENGTH } from "~/features/stickers/rules";

export const meta: Route.MetaFunction = ({ loaderData }) =>
  finderMeta(loaderData, {
    title: "About Tagback | How QR stickers return lost things",
    description:
      "How Tagback works: a QR sticker, a finder with any phone, and a profile that shows only what the owner chose.",
  });

export const loader = finderLoader;
export const action = finderAction;
export const headers = finderHeaders;
export const shouldRevalidate = finderShouldRevalidate;

export default function About() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <>
      <FinderDialog data={data} actionData={actionData} closeHref="/about#find-owner" />
      <section className="bg-gradient-to-b from-brand-50 to-white">
        <div className="mx-auto max-w-4xl px-4 py-12">
          <h1 className="text-3xl font-black tracking-tight text-brand-900 sm:text-4xl">About Tagback</h1>
          <p className="mt-4 max-w-2xl text-lg text-slate-700">
            Tagback is a lost-and-found service built on QR stickers. Each sticker carries a {TOKEN_LENGTH}-digit token linked to its
            owner's public profile, so whoever finds your things can reach you in seconds.
          </p>
        </div>
      </section>

      <section id="find-owner" aria-labelledby="about-search-title" className="mx-auto max-w-4xl px-4 py-10">
        <h2 id="about-search-title" className="text-2xl font-bold">Find an owner</h2>
        <p className="mt-2 max-w-xl text-slate-700">Type the metro card number or the token printed on the sticker.</p>
        <div className="mt-6 max-w-xl rounded-2xl border border-slate-200 p-4 shadow-sm sm:p-6">
          <FinderForm data={data} action="/about" />
        </div>
      </section>

      <section aria-labelledby="demo-title" className="mx-auto max-w-4xl px-4 py-10">
        <h2 id="demo-title" className="text-2xl font-bold">Try it</h2>
        <p className="mt-2 max-w-xl text-slate-700">
          Search the demo token <strong>{formatToken(DEMO_TOKEN)}</strong> to see what a finder sees. Its owner info is
          masked: unlock it with <strong>{DEMO_UNLOCK_DIGITS}</strong>, digits 5 to 8 of the token.
        </p>
        <ScanDemoLink token={DEMO_TOKEN} className={buttonClasses({ size: "xl", className: "mt-4" })} />
      </section>

      <HowItWorks />
    </>
  );
}
