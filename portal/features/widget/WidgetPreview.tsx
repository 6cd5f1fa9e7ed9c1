import { useEffect, useRef } from 'react';
import { PREVIEW_EMBED_ID } from '../../../widget/config';
import { mountWidget } from '../../../widget/loader/mount';
import type { SnippetConfig } from '../../../widget/snippet';
import { useToast } from '../../components/ui/toast';

/**
 * The real widget, mounted by the loader's own code, in preview mode: a submission in it sends
 * nothing and says so. It is mounted again when the settings change.
 */
export function WidgetPreview({ config }: { config: SnippetConfig }) {
  const host = useRef<HTMLDivElement>(null);
  const toast = useToast();
  const key = JSON.stringify(config);
  useEffect(() => {
    if (!host.current) return;
    const widget = mountWidget(host.current, { base: window.location.origin, config: { ...config, embedId: PREVIEW_EMBED_ID } });
    widget.on('success', () => toast({ title: 'Preview Submission', description: 'This is a preview - no actual RFQ was submitted' }));
    widget.on('error', (error) => toast({ title: 'Preview Error', description: error.message, variant: 'destructive' }));
    return () => widget.destroy();
  }, [key]);
  return <div ref={host} className="widget-preview" />;
}
