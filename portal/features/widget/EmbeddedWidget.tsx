import { PREVIEW_EMBED_ID, type WidgetConfig } from '../../../sdk/embed/config';
import { ProcuraWidget } from '../../../sdk/react';
import { useToast } from '../../components/ui/toast';
import './widget.css';

/**
 * The real widget, through the SDK's own React component, mounted again when the settings
 * change. In preview mode (the configurator) a submission sends nothing and a toast says so.
 */
export function EmbeddedWidget({ config, preview = false }: { config: Partial<WidgetConfig>; preview?: boolean }) {
  const toast = useToast();
  return (
    <ProcuraWidget
      className="widget-preview"
      config={{ ...config, ...(preview ? { embedId: PREVIEW_EMBED_ID } : {}), baseUrl: window.location.origin }}
      onSuccess={preview ? () => toast({ title: 'Preview Submission', description: 'This is a preview - no actual RFQ was submitted' }) : undefined}
      onError={preview ? (error) => toast({ title: 'Preview Error', description: error.message, variant: 'destructive' }) : undefined}
    />
  );
}
