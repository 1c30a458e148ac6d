const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });

/** An instant in the viewer's locale and time zone; the ISO value stays in the markup. */
export function Time({ value }: { value: string | null | undefined }) {
  if (!value) return <span class="muted">—</span>;
  return (
    <time dateTime={value} title={value}>
      {dateTime.format(new Date(value))}
    </time>
  );
}

export function formatTime(value: string): string {
  return dateTime.format(new Date(value));
}
