/** Figures are printed as they are measured, each with its ratio to the baseline of the same run. */
export interface Figure {
  scenario: string;
  name: string;
  value: number;
  unit: string;
  /** The baseline's value for the same figure in this run, when there is one. */
  baseline?: number;
  detail?: string;
}

const figures: Figure[] = [];

function format(value: number): string {
  if (value >= 100) return value.toFixed(0);
  if (value >= 10) return value.toFixed(1);
  return value.toFixed(2);
}

export function report(figure: Figure): void {
  figures.push(figure);
  const ratio = figure.baseline ? `  ${(figure.value / figure.baseline).toFixed(2)}× baseline (${format(figure.baseline)} ${figure.unit})` : '';
  const detail = figure.detail ? `  [${figure.detail}]` : '';
  console.log(`${figure.scenario.padEnd(20)} ${figure.name.padEnd(44)} ${format(figure.value).padStart(9)} ${figure.unit}${ratio}${detail}`);
}

export function allFigures(): readonly Figure[] {
  return figures;
}

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}
