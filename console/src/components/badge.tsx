const TONES: Record<string, string> = {
  healthy: 'good',
  succeeded: 'good',
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
  disabled: 'muted',
  cancelled: 'muted',
};

/** A status word with a colour that repeats its meaning (the word is always there). */
export function Badge({ value }: { value: string }) {
  return <span class={`badge ${TONES[value] ?? ''}`}>{value}</span>;
}
