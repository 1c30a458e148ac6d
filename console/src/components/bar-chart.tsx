/** Horizontal bars for a few counts: one glance shows which status or channel dominates. */
export function BarChart({ label, rows }: { label: string; rows: { name: string; count: number; tone?: string }[] }) {
  const max = Math.max(1, ...rows.map((row) => row.count));
  return (
    <figure class="bar-chart" aria-label={label}>
      <figcaption>{label}</figcaption>
      <dl>
        {rows.map((row) => (
          <div class="bar-row" key={row.name}>
            <dt>{row.name}</dt>
            <dd>
              <span class={`bar ${row.tone ?? ''}`} style={{ width: `${(row.count / max) * 100}%` }} />
              <span class="bar-count">{row.count}</span>
            </dd>
          </div>
        ))}
      </dl>
    </figure>
  );
}
