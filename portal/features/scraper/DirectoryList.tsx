import { useState } from 'react';
import { SCRAPER_MESSAGES as M } from '../../../contract/schemas/scraping';
import { useToast } from '../../components/ui/toast';
import { staffApi } from '../../lib/api';
import { useLoad } from '../../lib/use-load';
import { errorMessage } from '../../lib/api-errors';
import { ListPanel } from './ListPanel';

/** The saved directory list that 'Crawl saved directories' crawls; URLs are added from the controls above. */
export function DirectoryList({ refresh, onChanged }: { refresh: number; onChanged(): void }) {
  const toast = useToast();
  const list = useLoad((signal) => staffApi().scraping.directories({ signal }), [refresh]);
  const [removing, setRemoving] = useState<string | null>(null);
  const directories = list.data?.directories ?? [];

  const remove = async (url: string) => {
    setRemoving(url);
    try {
      await staffApi().scraping.removeDirectory(url);
      onChanged();
    } catch (err) {
      toast({ title: M.error, description: errorMessage(err), variant: 'destructive' });
    } finally {
      setRemoving(null);
    }
  };

  return (
    <ListPanel id="scraper-directories" title="Saved directories" load={list}>
      {list.status === 'loaded' && directories.length === 0 ? (
        <p className="muted flush">No directory is saved. Type a URL above and choose Save to directory list.</p>
      ) : null}
      {directories.length > 0 ? (
        <ul className="plain-list unmarked host-list">
          {directories.map((d) => (
            <li key={d.url}>
              <span className="break-anywhere">{d.url}</span>
              <button
                type="button"
                className="button button-secondary"
                onClick={() => remove(d.url)}
                disabled={removing !== null}
                aria-label={`Remove ${d.url}`}
              >
                {removing === d.url ? 'Removing…' : 'Remove'}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </ListPanel>
  );
}
