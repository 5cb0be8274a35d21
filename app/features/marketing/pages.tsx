// The marketing parts of / and /about around their find-owner search. This module is loaded
// separately in the browser (see ./lazy-pages.tsx), so a finder's result page never downloads it.
import type { PostPreview } from "~/features/content/post-preview";
import { FloatingActions } from "./floating-actions";
import { CallToAction, Faq, Features, Hero, HowItWorks, LatestPosts, ProblemSolution, Promos, Stories, Team, UseCases } from "./sections";
import { JsonLd, landingStructuredData } from "./structured-data";
import { useSite } from "./use-site";

/** Above the landing page's search: the hero. */
export function LandingTop() {
  return <Hero />;
}

/** Below the landing page's search: every other section, the floating buttons and the structured data. */
export function LandingRest({ posts }: { posts: PostPreview[] }) {
  const { shopUrl, signedIn, siteUrl } = useSite();
  return (
    <>
      <ProblemSolution />
      <Features />
      <UseCases />
      <Stories />
      <Team />
      <HowItWorks />
      <Promos />
      <LatestPosts posts={posts} />
      <CallToAction />
      <Faq />
      <FloatingActions shopUrl={shopUrl} signedIn={signedIn} />
      <JsonLd value={landingStructuredData({ siteUrl, shopUrl })} />
    </>
  );
}

/** Above /about's search: what Tagback is, and the problem it solves. */
export function AboutTop() {
  return (
    <>
      {/* English in every language, and says so (issue 34): a screen reader reads it in an English voice. */}
      <section lang="en" aria-labelledby="about-title" className="bg-gradient-to-b from-brand-50 to-white">
        <div className="mx-auto max-w-4xl px-4 py-14 sm:py-20">
          <p className="text-sm font-semibold uppercase tracking-wider text-brand-600">About Tagback</p>
          <h1 id="about-title" className="mt-2 text-4xl font-black tracking-tight text-brand-900 sm:text-5xl">
            Helping lost things find their way home
          </h1>
          <p className="mt-5 max-w-2xl text-lg text-slate-700">
            Tagback is a lost-and-found service built on QR stickers. Each sticker carries a unique number linked to its owner's
            public profile, so whoever finds your metro card, laptop, keys or bag can reach you in seconds, without an app and
            without ever seeing your phone number.
          </p>
        </div>
      </section>
      <ProblemSolution />
    </>
  );
}

/** Below /about's search and demo. */
export function AboutRest() {
  const { shopUrl, signedIn } = useSite();
  return (
    <>
      <HowItWorks />
      <Features />
      <Team />
      <CallToAction />
      <FloatingActions shopUrl={shopUrl} signedIn={signedIn} />
    </>
  );
}
