import { ButtonLink } from "~/components/ui/button";

export function NotFound() {
  return (
    <section className="mx-auto max-w-xl px-4 py-16 text-center" aria-labelledby="not-found-title">
      <p className="text-5xl font-black text-brand-600">404</p>
      <h1 id="not-found-title" className="mt-4 text-2xl font-bold">
        Page not found
      </h1>
      <p className="mt-4 text-slate-600">The page you are looking for doesn't exist or has moved.</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <ButtonLink to="/">Return Home</ButtonLink>
        <ButtonLink to="/blog" variant="outline">
          Read Our Blog
        </ButtonLink>
      </div>
    </section>
  );
}
