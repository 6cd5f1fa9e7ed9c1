import type { WidgetConfig } from '../../../sdk/embed/config';

/** The widget demo's four configurations (their colours). */
export const DEMO_PRESETS = {
  default: { label: 'Default', companyName: 'Sandton Office Supplies', primaryColor: '#3b82f6', compact: false, hideProcuraBranding: false },
  compact: { label: 'Compact', companyName: 'GreenLeaf Cleaning', primaryColor: '#059669', compact: true, hideProcuraBranding: false },
  'white-label': { label: 'White-label', companyName: 'Red Rock Facilities', primaryColor: '#dc2626', compact: false, hideProcuraBranding: true },
  minimal: { label: 'Minimal', companyName: 'Indigo Hygiene', primaryColor: '#6366f1', compact: true, quick: true, hideProcuraBranding: true },
} satisfies Record<string, Pick<WidgetConfig, 'companyName' | 'primaryColor' | 'compact' | 'hideProcuraBranding'> & { quick?: boolean } & { label: string }>;

export type DemoStyle = keyof typeof DEMO_PRESETS;
