const TONES: Record<string, string> = {
  healthy: 'good',
  succeeded: 'good',
  synced: 'good',
  active: 'good',
  entregue: 'good',
  aprovado: 'good',
  approved: 'good',
  degraded: 'warn',
  retrying: 'warn',
  pending: 'warn',
  pendente: 'warn',
  failing: 'bad',
  failed: 'bad',
  cancelado: 'bad',
  refused: 'bad',
  unauthorized: 'bad',
  unknown_sku: 'bad',
  insufficient_stock: 'warn',
  attention: 'warn',
  paused: 'warn',
  disabled: 'muted',
  disconnected: 'muted',
  cancelled: 'muted',
};

/**
 * A status with a colour that repeats its meaning (the word is always there). `value` is
 * the API's word, which picks the colour; `label` is what the reader sees when the word
 * is translated (order statuses are not: they are the domain's words in every language).
 */
export function Badge({ value, label = value }: { value: string; label?: string }) {
  return <span class={`badge ${TONES[value] ?? ''}`}>{label}</span>;
}
