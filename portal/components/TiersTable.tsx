import { API_TIERS, DATA_PRODUCTS } from '../../contract/data-api';
import { formatNumber, formatRand } from '../../sdk/format';
import { DataTable } from './ui/data-table';

/** The data API's tiers: quota and products with their monthly prices, from the configuration the server enforces; narrow enough for a phone, a product a line. */
export function TiersTable() {
  return (
    <DataTable label="Data API tiers" caption="Data API tiers" heads={['Tier', 'Requests', 'Data products']} className="tiers-table">
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
    </DataTable>
  );
}
