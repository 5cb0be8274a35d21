import { ButtonLink } from "~/components/ui/button";
import { useT } from "~/i18n/use-t";

export function NotFound() {
  const { t } = useT();
  return (
    <section className="mx-auto max-w-xl px-4 py-16 text-center" aria-labelledby="not-found-title">
      <p className="text-5xl font-black text-brand-600">404</p>
      <h1 id="not-found-title" className="mt-4 text-2xl font-bold">
        {t("site.notFoundTitle")}
      </h1>
      <p className="mt-4 text-slate-600">{t("site.notFoundText")}</p>
      {/* One under the other on a phone, as wide as the text: a long label (Tamil at 200 % text)
          wraps inside its button instead of widening the page. */}
      <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:justify-center">
        <ButtonLink to="/">{t("site.returnHome")}</ButtonLink>
        <ButtonLink to="/blog" variant="outline">
          {t("site.readBlog")}
        </ButtonLink>
      </div>
    </section>
  );
}
