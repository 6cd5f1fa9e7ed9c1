import { SCRAPER_LIMITS, type ReviewItem } from '../../../contract/schemas/scraping';
import { TableScroll } from '../../components/ui/table-scroll';
import { staffApi } from '../../lib/api';
import { useLoad } from '../../lib/use-load';
import { ColumnHeads } from '../../components/ui/column-heads';
import { ListPanel } from './ListPanel';

const DECISIONS = { pending: 'Waiting for review', approved: 'Approved', rejected: 'Rejected' } as const;

/** Where an item was found: the page's host and path, as short as a table cell allows. */
export function foundOn(url: string): string {
  try {
    const u = new URL(url);
    return `${u.host}${u.pathname === '/' ? '' : u.pathname}`;
  } catch {
    return url;
  }
}

function decision(item: ReviewItem): string {
  if (item.decision !== 'rejected' || item.failures.length === 0) return DECISIONS[item.decision];
  return `Rejected: ${item.failures.join('; ')}`;
}

/** The first results of a session (a preview of the first 10), read again as more are found. */
export function ResultsPreview({ sessionId, found, refresh }: { sessionId: number; found: number; refresh: number }) {
  const items = useLoad((signal) => staffApi().scraping.items({ sessionId, limit: SCRAPER_LIMITS.previewItems }, { signal }), [sessionId, found, refresh]);
  const list = items.data?.items ?? [];
  return (
    <ListPanel id="scraper-preview" title="Results preview" load={items}>
      {list.length === 0 && items.status !== 'loading' ? <p className="muted flush">Nothing found in session {sessionId} yet.</p> : null}
      {list.length > 0 ? (
        <TableScroll label={`First results of session ${sessionId}`}>
          <table className="simple-table">
            <caption className="visually-hidden">
              The first {list.length} of {found} results of session {sessionId}
            </caption>
            <ColumnHeads names={['Name', 'Kind', 'Found on', 'Review']} />
            <tbody>
              {list.map((item) => (
                <tr key={item.id}>
                  <td>{item.name}</td>
                  <td>{item.kind === 'supplier' ? 'Supplier' : 'Product'}</td>
                  <td className="break-anywhere">{foundOn(item.sourceUrl)}</td>
                  <td>{decision(item)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      ) : null}
      {found > list.length && list.length > 0 ? (
        <p className="small muted flush">
          Showing the first {list.length} of {found}. Every one waiting for review is in the list below.
        </p>
      ) : null}
    </ListPanel>
  );
}
