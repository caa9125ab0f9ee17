// One figure of the two pages: its heading, its chart and, beside it (below it on a phone), a table of the
// same numbers; or, with nothing to show, the words that say so.
import type { Panel } from '../model/panels';
import { Chart } from './Chart';

const card = 'grid gap-3 rounded-xl border border-line bg-panel p-4';

export function ChartPanel({ panel }: { panel: Panel }) {
  const headingId = `panel-${panel.id}`;
  return (
    <section className={card} aria-labelledby={headingId} data-testid={`panel-${panel.id}`}>
      <h2 id={headingId} className="text-lg font-semibold">
        {panel.title}
      </h2>
      {panel.empty ? (
        <p className="text-muted">{panel.empty}</p>
      ) : (
        <>
          {panel.note && <p className="text-sm text-muted">{panel.note}</p>}
          <div className="grid min-w-0 gap-4 md:grid-cols-2 md:items-start">
            <Chart
              name={`${panel.title}: chart. The table beside it lists the same numbers.`}
              data={panel.chart}
            />
            <div
              className="max-h-72 overflow-auto rounded-lg border border-line"
              tabIndex={0}
              role="region"
              aria-label={`${panel.title}: table`}
            >
              <table className="w-full text-sm">
                <caption className="sr-only">{panel.title}</caption>
                <thead className="sticky top-0 bg-panel">
                  <tr>
                    {panel.table.columns.map((column, index) => (
                      <th
                        key={column}
                        scope="col"
                        className={
                          index === 0
                            ? 'px-3 py-2 text-left font-medium'
                            : 'px-3 py-2 text-right font-medium'
                        }
                      >
                        {column}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {panel.table.rows.map((row) => (
                    <tr key={row.key} className="border-t border-line">
                      <th scope="row" className="px-3 py-1.5 text-left font-normal">
                        {row.head}
                      </th>
                      {row.cells.map((cell, index) => (
                        <td
                          key={index}
                          className="px-3 py-1.5 text-right whitespace-nowrap tabular-nums"
                        >
                          {cell}
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </div>
        </>
      )}
    </section>
  );
}
