import { useT } from '../i18n/locale';

export function NotFoundPage() {
  const t = useT();
  return (
    <section>
      <h1>{t.notFound.title}</h1>
      <p>
        {t.notFound.text} <a href="/console">{t.notFound.back}</a>.
      </p>
    </section>
  );
}
