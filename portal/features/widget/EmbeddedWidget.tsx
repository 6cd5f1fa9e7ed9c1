import { useEffect, useRef } from 'react';
import { PREVIEW_EMBED_ID, type WidgetConfig } from '../../../widget/config';
import { mountWidget } from '../../../widget/loader/mount';
import { useToast } from '../../components/ui/toast';

/**
 * The real widget, mounted by the loader's own code, mounted again when the settings change. In
 * preview mode (the configurator) a submission sends nothing and a toast says so.
 */
export function EmbeddedWidget({ config, preview = false }: { config: Partial<WidgetConfig>; preview?: boolean }) {
  const host = useRef<HTMLDivElement>(null);
  const toast = useToast();
  const key = JSON.stringify(config);
  useEffect(() => {
    if (!host.current) return;
    const widget = mountWidget(host.current, { base: window.location.origin, config: preview ? { ...config, embedId: PREVIEW_EMBED_ID } : config });
    if (preview) {
      widget.on('success', () => toast({ title: 'Preview Submission', description: 'This is a preview - no actual RFQ was submitted' }));
      widget.on('error', (error) => toast({ title: 'Preview Error', description: error.message, variant: 'destructive' }));
    }
    return () => widget.destroy();
  }, [key, preview]);
  return <div ref={host} className="widget-preview" />;
}
