import { Link } from "react-router";
import { ButtonLink, buttonClasses } from "~/components/ui/button";
import { FinderForm } from "~/features/finder/finder-search";
import { ScanDemoLink } from "~/features/finder/search-form";
import type { FinderLoaderData } from "~/features/finder/finder";
import { DEMO_TOKEN } from "~/features/finder/demo";
import { HowItWorks } from "~/features/finder/how-it-works";
import { STICKER_PRICE_INR } from "~/core/site";
import { MAX_PRODUCTS, TOKEN_LENGTH } from "~/features/stickers/rules";

const FEATURES = [
  ["No app needed", "Finders scan the sticker with any phone camera and see how to reach you."],
  ["Private by design", "Your e-mail and phone number are never shown to strangers."],
  ["Masked bio", "Hide your details behind four digits printed only on your sticker."],
  ["Light on data", "Pages are small and work without JavaScript, on slow networks and cheap phones."],
  ["Metro card lookup", "Register your metro card number so it can be returned even without a sticker."],
  ["Search alerts", "See when and roughly where your sticker was scanned."],
] as const;


const FAQ = [
  ["What is Tagback?", `A lost-and-found service built on QR stickers. Each sticker carries a ${TOKEN_LENGTH}-digit token linked to your public profile.`],
  ["Does the finder need an app?", "No. Any phone camera opens the sticker's link in the browser."],
  ["What does a finder see?", "Only what you make public: your name, X username, bio (optionally masked) and the contact buttons you enable."],
  ["Is my phone number shown?", "Never to anonymous finders. You decide whether SMS, call, Telegram or WhatsApp buttons appear."],
  ["Can I use my metro card without a sticker?", "Yes. Register its number on your profile and finders can search it."],
  ["How many items can I register?", `Up to ${MAX_PRODUCTS} products per account, each tied to one of your verified tokens.`],
  ["What does it cost?", `Stickers cost ${STICKER_PRICE_INR} INR on our shop. The service itself is free.`],
  ["How do I delete my account?", "From Settings, Danger Zone: message us and we delete your data."],
] as const;

export function Landing({ finder }: { finder: FinderLoaderData }) {
  return (
    <>
      <section id="hero" className="bg-gradient-to-b from-brand-50 to-white">
        <div className="mx-auto max-w-6xl px-4 py-14 sm:py-20">
          <h1 className="max-w-2xl text-3xl font-black tracking-tight text-brand-900 sm:text-5xl">
            Lost it? Tagback brings it home.
          </h1>
          <p className="mt-4 max-w-xl text-lg text-slate-700">
            QR stickers for your metro card, laptop, keys and bag. Whoever finds them reaches you in seconds - no app, no account.
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <ButtonLink href="#find-owner" size="xl">
              Find Owner
            </ButtonLink>
            <ScanDemoLink token={DEMO_TOKEN} className={buttonClasses({ variant: "outline", size: "xl" })} />
          </div>
        </div>
      </section>

      <section id="find-owner" aria-labelledby="find-owner-title" className="mx-auto max-w-6xl px-4 py-12">
        <h2 id="find-owner-title" className="text-2xl font-bold">Found something?</h2>
        <p className="mt-2 max-w-xl text-slate-700">
          Scan the Tagback sticker with your phone camera: it opens the owner's profile directly. Or type the metro card
          number or the {TOKEN_LENGTH}-digit token printed on the sticker.
        </p>
        <div className="mt-6 max-w-xl rounded-2xl border border-slate-200 p-4 shadow-sm sm:p-6">
          <FinderForm data={finder} action="/" />
        </div>
      </section>

      <section id="features" aria-labelledby="features-title" className="mx-auto max-w-6xl px-4 py-12">
        <h2 id="features-title" className="text-2xl font-bold">Features</h2>
        <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {FEATURES.map(([title, text]) => (
            <li key={title} className="rounded-xl border border-slate-200 p-5">
              <h3 className="font-semibold">{title}</h3>
              <p className="mt-1 text-sm text-slate-600">{text}</p>
            </li>
          ))}
        </ul>
      </section>

      <HowItWorks />

      <section id="team" aria-labelledby="team-title" className="mx-auto max-w-6xl px-4 py-12">
        <h2 id="team-title" className="text-2xl font-bold">Team</h2>
        <p className="mt-2 max-w-xl text-slate-700">Two founders who lost one metro card too many, building the fastest way to get things back.</p>
      </section>

      <section aria-labelledby="cta-title" className="mx-auto max-w-6xl px-4 py-12">
        <div className="rounded-2xl bg-brand-700 p-8 text-white">
          <h2 id="cta-title" className="text-2xl font-bold">Protect your things in 2 minutes</h2>
          <p className="mt-2 text-brand-100">Sign in, claim your sticker, and you are done.</p>
          <div className="mt-6 flex flex-wrap gap-3">
            <Link to="/auth" className="rounded-lg bg-white px-5 py-3 font-semibold text-brand-700 hover:bg-brand-50">
              Get started
            </Link>
            <Link to="/about#how-it-works" className="rounded-lg border border-white/60 px-5 py-3 font-semibold text-white hover:bg-white/10">
              Learn more
            </Link>
          </div>
        </div>
      </section>

      <section id="faq" aria-labelledby="faq-title" className="mx-auto max-w-3xl px-4 py-12">
        <h2 id="faq-title" className="text-2xl font-bold">Frequently asked questions</h2>
        <div className="mt-6 divide-y divide-slate-200 rounded-xl border border-slate-200">
          {FAQ.map(([question, answer]) => (
            // Same-named <details> form an exclusive accordion: one open at a time, no script needed.
            <details key={question} name="faq" className="group p-4">
              <summary className="cursor-pointer font-medium">{question}</summary>
              <p className="mt-2 text-slate-600">{answer}</p>
            </details>
          ))}
        </div>
      </section>
    </>
  );
}
