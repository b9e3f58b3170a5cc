// The size-chart popup of a product page (spec §2 popups; Escape closes it).
import { Popup } from '../../components/Popup.tsx';
import { sizeChartFor } from '../../lib/size-charts.ts';

export function SizeChartPopup({ categoryPath, onClose }: { categoryPath: string; onClose: () => void }) {
  const chart = sizeChartFor(categoryPath);
  return (
    <Popup title="Таблица размеров" onClose={onClose} wide>
      <h3>{chart.title}</h3>
      <div className="table-scroll">
        <table className="size-table">
          <thead>
            <tr>
              {chart.columns.map((c) => (
                <th key={c} scope="col">
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {chart.rows.map((r) => (
              <tr key={r[0]}>
                {r.map((cell, i) =>
                  i === 0 ? (
                    <th key={i} scope="row">
                      {cell}
                    </th>
                  ) : (
                    <td key={i}>{cell}</td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="muted">{chart.note}</p>
    </Popup>
  );
}
