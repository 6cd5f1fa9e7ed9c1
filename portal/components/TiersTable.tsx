import { API_TIERS, DATA_PRODUCTS } from '../../sdk/data-api';
import { formatNumber, formatRand } from '../../sdk/format';
import { TableScroll } from './ui/table-scroll';
import { ColumnHeads } from './ui/column-heads';

/** The data API's tiers: quota and products with their monthly prices, from the configuration the server enforces; narrow enough for a phone, a product a line. */
export function TiersTable() {
  return (
    <TableScroll label="Data API tiers">
      <table className="simple-table tiers-table">
        <caption className="visually-hidden">Data API tiers</caption>
        <ColumnHeads names={['Tier', 'Requests', 'Data products']} />
        <tbody>
          {Object.values(API_TIERS).map((t) => (
            <tr key={t.label}>
              <td>{t.label}</td>
              <td>{t.hourlyQuota ? `${formatNumber(t.hourlyQuota)} an hour` : `No hourly quota (up to ${t.perSecondCap} a second)`}</td>
              <td>
                <ul className="plain-list">
                  {t.products.map((p) => (
                    <li key={p}>
                      {DATA_PRODUCTS[p].label} ({formatRand(DATA_PRODUCTS[p].priceZar)})
                    </li>
                  ))}
                </ul>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
