import { useLocale } from '../i18n/locale';

/** An instant as dd/mm/aaaa 24 h in the chosen time zone; the ISO value stays in the markup. */
export function Time({ value }: { value: string | null | undefined }) {
  const { format, t } = useLocale();
  if (!value) return <span class="muted">{t.app.none}</span>;
  return (
    <time dateTime={value} title={value}>
      {format.dateTime(value)}
    </time>
  );
}
