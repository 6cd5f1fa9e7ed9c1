import { useEffect } from 'react';

/** Sets the document title: '{page} · Procura'. */
export function usePageTitle(title: string) {
  useEffect(() => {
    document.title = `${title} · Procura`;
  }, [title]);
}
