/** @jsxRuntime automatic @jsxImportSource hono/jsx */
/** One series of a stacked chart: its label, CSS class (its colour) and values. */
export type Series = { label: string; className: string; values: readonly number[] };

const WIDTH = 720;
const HEIGHT = 200;
const AXIS = 28;

/**
 * Stacked columns, one per label (a day), drawn as SVG with a legend; the figures are also in a
 * table below it for screen readers and for copying.
 */
export function StackedColumns(props: {
  id: string;
  title: string;
  labels: readonly string[];
  series: readonly Series[];
}) {
  const { labels, series } = props;
  const totals = labels.map((_, index) =>
    series.reduce((sum, one) => sum + (one.values[index] ?? 0), 0),
  );
  const max = Math.max(1, ...totals);
  const step = (WIDTH - AXIS) / Math.max(labels.length, 1);
  const barWidth = Math.max(2, step * 0.7);
  const scale = (value: number) => (value / max) * (HEIGHT - 20);
  return (
    <figure class="chart" aria-labelledby={`${props.id}-title`}>
      <figcaption id={`${props.id}-title`}>{props.title}</figcaption>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT + 20}`}
        role="img"
        aria-labelledby={`${props.id}-title`}
        preserveAspectRatio="none"
      >
        <text x="0" y="12" class="axis">
          {String(max)}
        </text>
        <line x1={AXIS} y1={HEIGHT} x2={WIDTH} y2={HEIGHT} class="axis-line" />
        {labels.map((label, index) => {
          let top = HEIGHT;
          const x = AXIS + index * step + (step - barWidth) / 2;
          return (
            <g>
              <title>{`${label}: ${totals[index]}`}</title>
              {series.map((one) => {
                const height = scale(one.values[index] ?? 0);
                top -= height;
                return height > 0 ? (
                  <rect x={x} y={top} width={barWidth} height={height} class={one.className} />
                ) : null;
              })}
            </g>
          );
        })}
        <text x={AXIS} y={HEIGHT + 16} class="axis">
          {labels[0] ?? ''}
        </text>
        <text x={WIDTH} y={HEIGHT + 16} class="axis" text-anchor="end">
          {labels.at(-1) ?? ''}
        </text>
      </svg>
      <Legend series={series} />
      <details>
        <summary>The figures</summary>
        <table class="data">
          <caption>{props.title}</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              {series.map((one) => (
                <th scope="col">{one.label}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {labels.map((label, index) => (
              <tr>
                <th scope="row">{label}</th>
                {series.map((one) => (
                  <td class="num">{one.values[index] ?? 0}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}

/** A whole split into shares, as one bar with its legend (the counts and percentages written). */
export function ShareBar(props: {
  title: string;
  parts: ReadonlyArray<Omit<Series, 'values'> & { value: number }>;
}) {
  const total = props.parts.reduce((sum, part) => sum + part.value, 0);
  return (
    <figure class="share">
      <figcaption>{props.title}</figcaption>
      <svg class="share-bar" viewBox="0 0 100 6" preserveAspectRatio="none" aria-hidden="true">
        {shareRects(props.parts, total)}
      </svg>
      <ul class="legend">
        {props.parts.map((part) => (
          <li>
            <span class={`swatch ${part.className}`} aria-hidden="true"></span>
            {`${part.label}: ${part.value} (${percent(part.value, total)})`}
          </li>
        ))}
      </ul>
    </figure>
  );
}

function Legend(props: { series: readonly Series[] }) {
  return (
    <ul class="legend">
      {props.series.map((one) => (
        <li>
          <span class={`swatch ${one.className}`} aria-hidden="true"></span>
          {one.label}
        </li>
      ))}
    </ul>
  );
}

export function percent(part: number, whole: number): string {
  return whole === 0 ? '0%' : `${Math.round((part / whole) * 100)}%`;
}

function shareRects(parts: ReadonlyArray<{ className: string; value: number }>, total: number) {
  let x = 0;
  return parts.map((part) => {
    const width = total === 0 ? 0 : (part.value / total) * 100;
    const rect = <rect x={x} y={0} width={width} height={6} class={part.className} />;
    x += width;
    return rect;
  });
}
