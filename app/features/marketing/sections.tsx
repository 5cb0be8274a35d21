// The marketing sections / and /about share (spec 000 §2). Plain server-rendered markup: the only
// scripts are the slideshow's and the Scan demo link's, and the FAQ is an exclusive <details> group.
import type { ReactNode } from "react";
import { Link } from "react-router";
import { ButtonLink, buttonClasses } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { SETUP_MINUTES, STICKER_PRICE_INR } from "~/core/site";
import { useLanguageHref, useT } from "~/i18n/use-t";
import type { MessageKey } from "~/i18n/messages";
import { PostPreviewCard, type PostPreview } from "~/features/content/post-preview";
import { DEMO_TOKEN } from "~/features/finder/demo";
import { ScanDemoLink } from "~/features/finder/search-form";
import { FAQ, FEATURES, FOUNDERS, PROBLEM, PROMOS, SLIDE_SIZE, SLIDES, SOLUTION, STEPS, STORIES, USE_CASES } from "./copy";
import { Slideshow } from "./slideshow";
import { useSite } from "./use-site";

/**
 * An action inside the English copy, labelled as the same action reads elsewhere on the page (the
 * header, the hero, the floating button): in the page's language, with its `lang`. An English page
 * keeps the copy's own words ("Get started" beside the header's "Start").
 */
function useActionLabel() {
  const { t, locale } = useT();
  return { lang: locale, label: (key: MessageKey, english: string) => (locale === "en" ? english : t(key)) };
}

/** A section with the page's common rhythm: an eyebrow, a title, an intro, then its content. */
function MarketingSection({
  id,
  eyebrow,
  title,
  intro,
  tone = "white",
  children,
}: {
  id: string;
  eyebrow: string;
  title: string;
  intro?: string;
  tone?: "white" | "tint";
  children: ReactNode;
}) {
  return (
    // The marketing copy is English in every language: said so, so a screen reader reads it in an
    // English voice on a Tamil page (issue 34). Translated parts inside carry their own lang.
    <section lang="en" id={id} aria-labelledby={`${id}-title`} className={tone === "tint" ? "bg-slate-50" : undefined}>
      <div className="mx-auto max-w-6xl px-4 py-16 sm:py-20">
        <p className="text-sm font-semibold uppercase tracking-wider text-brand-600">{eyebrow}</p>
        <h2 id={`${id}-title`} className="mt-2 max-w-2xl text-3xl font-black tracking-tight text-slate-900 sm:text-4xl">
          {title}
        </h2>
        {intro ? <p className="mt-4 max-w-2xl text-lg text-slate-600">{intro}</p> : null}
        <div className="mt-10">{children}</div>
      </div>
    </section>
  );
}

const heroButton = "w-full sm:w-auto";

export function Hero() {
  const { shopUrl } = useSite();
  const { t, locale } = useT();
  return (
    <section id="hero" aria-labelledby="hero-title" className="overflow-hidden bg-gradient-to-b from-brand-50 via-white to-white">
      <div className="mx-auto grid grid-cols-1 max-w-6xl items-center gap-10 px-4 pb-4 pt-10 sm:pt-16 lg:grid-cols-2">
        <div className="min-w-0">
          <p lang="en" className="inline-flex items-center gap-2 rounded-full bg-white px-3 py-1 text-sm font-semibold text-brand-700 shadow-sm ring-1 ring-brand-100">
            <Icon name="sticker" className="h-4 w-4" />
            QR stickers · ₹{STICKER_PRICE_INR} · made for India
          </p>
          <h1 lang="en" id="hero-title" className="mt-5 text-4xl font-black tracking-tight text-brand-900 sm:text-6xl">
            Lost it? Tagback brings it home.
          </h1>
          <p lang="en" className="mt-5 max-w-xl text-lg text-slate-700">
            Put a Tagback sticker on your metro card, laptop, keys or bag. Whoever finds them scans it with any phone camera and
            reaches you in seconds. No app, no account, and your number stays private.
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
            {/* The actions in the page's language, as the same actions read everywhere else on it. */}
            {/* Each label may shrink below its longest word (200 % text on a phone): it wraps inside the
                button, which stays whole on the screen (the icon too). */}
            <ButtonLink href="#find-owner" size="xl" className={heroButton} lang={locale}>
              <Icon name="found" />
              <span className="min-w-0">{t("search.findOwner")}</span>
            </ButtonLink>
            <ScanDemoLink token={DEMO_TOKEN} className={buttonClasses({ variant: "outline", size: "xl", className: heroButton })} />
            <ButtonLink href={shopUrl} target="_blank" rel="noopener noreferrer" variant="outline" size="xl" className={heroButton} lang={locale}>
              <span className="min-w-0">{t("search.buyStickers")}</span>
            </ButtonLink>
          </div>
          <ul lang="en" className="mt-8 grid grid-cols-1 gap-2 text-sm text-slate-700 sm:grid-cols-3">
            {[`Set up in about ${SETUP_MINUTES} minutes`, "Works on any phone", "Your number stays private"].map((point) => (
              <li key={point} className="flex items-center gap-2">
                <Icon path="M5 12l5 5 9-10" className="h-5 w-5 text-emerald-600" strokeWidth={3} />
                {point}
              </li>
            ))}
          </ul>
        </div>
        <Slideshow />
      </div>
    </section>
  );
}

export function ProblemSolution() {
  return (
    <section lang="en" id="problem" aria-labelledby="problem-title">
      <div className="mx-auto grid grid-cols-1 max-w-6xl gap-6 px-4 py-16 sm:py-20 lg:grid-cols-2">
        <div className="rounded-3xl bg-slate-900 p-6 text-slate-100 sm:p-8">
          <p className="text-sm font-semibold uppercase tracking-wider text-amber-300">The problem</p>
          <h2 id="problem-title" className="mt-2 text-2xl font-black tracking-tight text-white sm:text-3xl">
            {PROBLEM.title}
          </h2>
          <ul className="mt-6 space-y-4">
            {PROBLEM.points.map((point) => (
              <li key={point} className="flex gap-3">
                <Icon name="close" className="mt-0.5 h-5 w-5 text-amber-300" strokeWidth={3} />
                {point}
              </li>
            ))}
          </ul>
        </div>
        <div className="rounded-3xl bg-brand-600 p-6 text-white sm:p-8">
          <p className="text-sm font-semibold uppercase tracking-wider text-brand-100">The solution</p>
          <h2 className="mt-2 text-2xl font-black tracking-tight sm:text-3xl">{SOLUTION.title}</h2>
          <ul className="mt-6 space-y-4">
            {SOLUTION.points.map((point) => (
              <li key={point} className="flex gap-3">
                <Icon path="M5 12l5 5 9-10" className="mt-0.5 h-5 w-5 text-white" strokeWidth={3} />
                {point}
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}

export function Features() {
  return (
    <MarketingSection id="features" eyebrow="Features" title="Everything a finder needs, nothing a stranger shouldn't see" tone="tint">
      <ul data-list="features" className="grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-3">
        {FEATURES.map((feature) => (
          <li key={feature.title} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
            <span className="flex h-11 w-11 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
              <Icon path={feature.icon} className="h-6 w-6" />
            </span>
            <h3 className="mt-4 text-lg font-bold text-slate-900">{feature.title}</h3>
            <p className="mt-2 text-slate-600">{feature.text}</p>
          </li>
        ))}
      </ul>
    </MarketingSection>
  );
}

export function UseCases() {
  return (
    <MarketingSection id="use-cases" eyebrow="Use cases" title="Made for the things you carry every day">
      <ul data-list="use-cases" className="grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-3">
        {USE_CASES.map((useCase) => (
          <li key={useCase.title} className="rounded-2xl border border-slate-200 p-6">
            <h3 className="text-lg font-bold text-slate-900">{useCase.title}</h3>
            <p className="mt-2 text-slate-600">{useCase.text}</p>
            <ul aria-label={`Examples: ${useCase.title}`} className="mt-4 flex flex-wrap gap-2">
              {useCase.chips.map((chip) => (
                <li key={chip} className="rounded-full bg-brand-50 px-3 py-1 text-sm font-medium text-brand-700">
                  {chip}
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </MarketingSection>
  );
}

function FiveStars() {
  return (
    <p className="flex gap-0.5 text-amber-500" role="img" aria-label="Rated 5 out of 5">
      {[0, 1, 2, 3, 4].map((star) => (
        <svg key={star} aria-hidden="true" viewBox="0 0 20 20" className="h-5 w-5" fill="currentColor">
          <path d="M10 1.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L10 14.8l-5.2 2.8 1-5.8L1.5 7.7l5.9-.9z" />
        </svg>
      ))}
    </p>
  );
}

export function Stories() {
  return (
    <MarketingSection id="stories" eyebrow="User stories" title="Things that came back" tone="tint">
      <ul data-list="stories" className="grid grid-cols-1 gap-5 lg:grid-cols-3">
        {STORIES.map((story) => (
          <li key={story.name}>
            <figure className="flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
              <FiveStars />
              <blockquote className="mt-4 flex-1 text-slate-700">“{story.quote}”</blockquote>
              <figcaption className="mt-5 text-sm">
                <span className="font-bold text-slate-900">{story.name}</span>
                <span className="text-slate-600"> · {story.place}</span>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </MarketingSection>
  );
}

export function Team() {
  return (
    <MarketingSection
      id="team"
      eyebrow="Team"
      title="Two founders who lost one metro card too many"
      intro="Tagback is a small team in India building the simplest way to get lost things back: one sticker, any phone, no app."
    >
      <ul data-list="founders" className="grid grid-cols-1 gap-5 sm:grid-cols-2">
        {FOUNDERS.map((founder, index) => (
          <li key={founder.name} className="flex flex-wrap gap-5 rounded-2xl border border-slate-200 p-6">
            <span
              aria-hidden="true"
              className={`flex h-16 w-16 shrink-0 items-center justify-center rounded-2xl text-xl font-black text-white ${index === 0 ? "bg-brand-600" : "bg-emerald-600"}`}
            >
              {founder.initials}
            </span>
            {/* Below the initials when both do not fit a line (a phone at a large text size). */}
            <div className="min-w-0 flex-[1_1_12rem]">
              <h3 className="text-lg font-bold text-slate-900">{founder.name}</h3>
              <p className="text-sm font-semibold text-brand-700">{founder.role}</p>
              <p className="mt-2 text-slate-600">{founder.bio}</p>
            </div>
          </li>
        ))}
      </ul>
    </MarketingSection>
  );
}

const STEP_ICONS = ["sticker", "found", "messages"] as const;

export function HowItWorks() {
  return (
    <MarketingSection id="how-it-works" eyebrow="How it works" title={`Three steps, about ${SETUP_MINUTES} minutes`} tone="tint">
      <ol data-list="steps" className="grid grid-cols-1 gap-5 md:grid-cols-3">
        {STEPS.map((step, index) => (
          <li key={step.title} className="relative rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
            <div className="flex items-center gap-3">
              <span className="flex h-10 w-10 items-center justify-center rounded-full bg-brand-600 text-lg font-black text-white">{index + 1}</span>
              <Icon name={STEP_ICONS[index]} className="h-6 w-6 text-brand-700" />
            </div>
            <h3 className="mt-4 text-lg font-bold text-slate-900">{step.title}</h3>
            <p className="mt-2 text-slate-600">{step.text}</p>
          </li>
        ))}
      </ol>
    </MarketingSection>
  );
}

export function Promos() {
  const { shopUrl } = useSite();
  const action = useActionLabel();
  const [stickers, demo] = PROMOS;
  return (
    <div className="mx-auto grid grid-cols-1 max-w-6xl gap-6 px-4 py-16 sm:py-20 lg:grid-cols-2">
      <section lang="en" id={stickers.id} data-promo="" aria-labelledby={`${stickers.id}-title`} className="flex flex-col overflow-hidden rounded-3xl bg-brand-900 text-white sm:flex-row">
        <div className="min-w-0 flex-1 p-6 sm:p-8">
          <p className="text-sm font-semibold uppercase tracking-wider text-amber-300">{stickers.eyebrow}</p>
          <h2 id={`${stickers.id}-title`} className="mt-2 text-2xl font-black tracking-tight sm:text-3xl">
            {stickers.title}
          </h2>
          <p className="mt-4 text-brand-100">{stickers.text}</p>
          <a
            href={shopUrl}
            target="_blank"
            rel="noopener noreferrer"
            lang={action.lang}
            className="mt-6 inline-flex items-center gap-2 rounded-lg bg-white px-5 py-3 font-semibold text-brand-900 hover:bg-brand-50"
          >
            {action.label("search.buyStickers", stickers.cta)}
            <Icon name="chevron-right" />
          </a>
        </div>
        <img
          src={SLIDES[2].src}
          alt=""
          width={SLIDE_SIZE.width}
          height={SLIDE_SIZE.height}
          loading="lazy"
          decoding="async"
          className="h-auto w-full self-end sm:w-56"
        />
      </section>
      <section lang="en" id={demo.id} data-promo="" aria-labelledby={`${demo.id}-title`} className="rounded-3xl border-2 border-dashed border-brand-600/40 bg-brand-50 p-4 sm:p-8">
        <p className="text-sm font-semibold uppercase tracking-wider text-brand-700">{demo.eyebrow}</p>
        <h2 id={`${demo.id}-title`} className="mt-2 text-2xl font-black tracking-tight text-slate-900 sm:text-3xl">
          {demo.title}
        </h2>
        <p className="mt-4 text-slate-700">{demo.text}</p>
        <ScanDemoLink token={DEMO_TOKEN} className={buttonClasses({ size: "xl", className: "mt-6 max-w-full" })} />
      </section>
    </div>
  );
}

/** The 3 newest posts; the section is left out when there are none (or the blog did not answer). */
export function LatestPosts({ posts }: { posts: PostPreview[] }) {
  const action = useActionLabel();
  if (posts.length === 0) return null;
  return (
    <MarketingSection id="blog" eyebrow="From the blog" title="Latest posts" tone="tint">
      <ul data-list="posts" className="grid grid-cols-1 gap-5 md:grid-cols-3">
        {posts.map((post) => (
          <li key={post.slug} className="flex">
            <PostPreviewCard post={post} />
          </li>
        ))}
      </ul>
      <Link to="/blog" lang={action.lang} className="mt-8 inline-flex items-center gap-1 font-semibold text-brand-700 hover:underline">
        {action.label("site.navBlog", "All posts")}
        <Icon name="chevron-right" className="h-4 w-4" />
      </Link>
    </MarketingSection>
  );
}

export function CallToAction() {
  const { signedIn } = useSite();
  const action = useActionLabel();
  const languageHref = useLanguageHref();
  return (
    <section lang="en" id="get-started" aria-labelledby="cta-title">
      <div className="mx-auto max-w-6xl px-4 py-16 sm:py-20">
        <div className="rounded-3xl bg-gradient-to-br from-brand-600 to-brand-900 p-4 text-white sm:p-12">
          <h2 id="cta-title" className="max-w-2xl text-3xl font-black tracking-tight sm:text-4xl">
            Protect your things in {SETUP_MINUTES} minutes
          </h2>
          <p className="mt-4 max-w-xl text-lg text-brand-100">
            Sign in with Google, claim the number on your sticker, and write a line for whoever finds it. That's it.
          </p>
          {/* Blocks with centred text, not inline-flex: a label wider than the card (200 % text on a
              phone) wraps inside its button instead of standing out of it. */}
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <Link
              to={signedIn ? "/profile" : "/auth"}
              lang={action.lang}
              className="block rounded-lg bg-white px-3 py-3 text-center font-semibold text-brand-900 hover:bg-brand-50 sm:px-6"
            >
              {signedIn ? action.label("site.profile", "Go to your profile") : action.label("site.start", "Get started")}
            </Link>
            <Link
              to={languageHref("/about#how-it-works")}
              lang={action.lang}
              className="block rounded-lg border border-white/60 px-3 py-3 text-center font-semibold text-white hover:bg-white/10 sm:px-6"
            >
              {action.label("site.secHowItWorks", "See how it works")}
            </Link>
          </div>
        </div>
      </div>
    </section>
  );
}

export function Faq() {
  return (
    <section lang="en" id="faq" aria-labelledby="faq-title">
      <div className="mx-auto max-w-3xl px-4 py-16 sm:py-20">
        <p className="text-sm font-semibold uppercase tracking-wider text-brand-600">FAQ</p>
        <h2 id="faq-title" className="mt-2 text-3xl font-black tracking-tight text-slate-900 sm:text-4xl">
          Frequently asked questions
        </h2>
        <div data-list="faq" className="mt-8 divide-y divide-slate-200 rounded-2xl border border-slate-200">
          {FAQ.map((item) => (
            // Same-named <details> form an exclusive accordion: one open at a time, no script needed.
            <details key={item.question} name="faq" className="group px-5 py-4">
              <summary className="flex cursor-pointer list-none items-center justify-between gap-4 font-semibold text-slate-900 [&::-webkit-details-marker]:hidden">
                {item.question}
                <Icon name="chevron-right" className="h-5 w-5 text-slate-500 transition-transform group-open:rotate-90" />
              </summary>
              <p className="mt-3 text-slate-600">{item.answer}</p>
            </details>
          ))}
        </div>
      </div>
    </section>
  );
}
