import { Link } from "react-router";

export function NotFound() {
  return (
    <section className="mx-auto max-w-xl px-4 py-16 text-center" aria-labelledby="not-found-title">
      <p className="text-5xl font-black text-brand-600">404</p>
      <h1 id="not-found-title" className="mt-4 text-2xl font-bold">
        Page not found
      </h1>
      <p className="mt-4 text-slate-600">The page you are looking for doesn't exist or has moved.</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/" className="rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700">
          Return Home
        </Link>
        <Link to="/blog" className="rounded-lg border border-slate-300 px-4 py-2 font-semibold text-slate-800 hover:bg-slate-50">
          Read Our Blog
        </Link>
      </div>
    </section>
  );
}
