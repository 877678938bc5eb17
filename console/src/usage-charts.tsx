// Inline SVG bar charts for the credits page (no chart library): credits per day (vertical bars) and per
// feature (horizontal bars). Each bar carries a <title> and the figures are also in a table for screen readers.

export function DayBars({ rows }: { rows: { day: string; credits: number; entries: number }[] }) {
  const width = 720;
  const height = 160;
  const max = Math.max(...rows.map((row) => row.credits), 0);
  const step = width / Math.max(rows.length, 1);
  return (
    <svg viewBox={`0 0 ${width} ${height + 24}`} class="chart" role="img" aria-label="Credits spent per day">
      <line x1="0" y1={height} x2={width} y2={height} stroke="#8a94a3" />
      {rows.map((row, index) => {
        const barHeight = max > 0 ? (row.credits / max) * (height - 14) : 0;
        return (
          <g key={row.day}>
            <rect
              x={index * step + step * 0.15}
              y={height - barHeight}
              width={step * 0.7}
              height={barHeight}
              fill="#1f4f99"
              data-day={row.day}
            >
              <title>
                {row.day}: {row.credits} credits, {row.entries} debits
              </title>
            </rect>
            {(rows.length - 1 - index) % 7 === 0 && (
              <text
                x={index === rows.length - 1 ? width : index * step + step / 2}
                y={height + 16}
                font-size="11"
                text-anchor={index === rows.length - 1 ? "end" : "middle"}
                fill="#556070"
              >
                {row.day.slice(5)}
              </text>
            )}
          </g>
        );
      })}
      <text x="4" y="12" font-size="11" fill="#556070">
        max {max}
      </text>
    </svg>
  );
}

export function FeatureBars({ rows }: { rows: { feature: string; credits: number; entries: number }[] }) {
  const rowHeight = 26;
  const labelWidth = 190;
  const width = 720;
  const max = Math.max(...rows.map((row) => row.credits), 0);
  return (
    <svg
      viewBox={`0 0 ${width} ${Math.max(rows.length, 1) * rowHeight}`}
      class="chart"
      role="img"
      aria-label="Credits spent per feature"
    >
      {rows.map((row, index) => {
        const barWidth = max > 0 ? (row.credits / max) * (width - labelWidth - 90) : 0;
        const y = index * rowHeight;
        return (
          <g key={row.feature}>
            <text x="0" y={y + 17} font-size="12" fill="#14181f">
              {row.feature}
            </text>
            <rect
              x={labelWidth}
              y={y + 5}
              width={barWidth}
              height={rowHeight - 10}
              fill="#17663a"
              data-feature={row.feature}
            >
              <title>
                {row.feature}: {row.credits} credits, {row.entries} debits
              </title>
            </rect>
            <text x={labelWidth + barWidth + 6} y={y + 17} font-size="12" fill="#556070">
              {row.credits}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
