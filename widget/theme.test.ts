import { describe, expect, it } from 'vitest';
import { contrast, palette } from './theme';

describe('widget palette', () => {
  it.each(['#3b82f6', '#059669', '#dc2626', '#6366f1', '#facc15', '#ffffff', '#000000'])('keeps white text readable on buttons of %s', (colour) => {
    const p = palette(colour);
    expect(contrast(p.primary, p.onPrimary)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(p.primaryHover, p.onPrimary)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(p.primary, p.primarySoft)).toBeGreaterThanOrEqual(4.5);
  });

  it('leaves a colour that already reads well as it is', () => {
    expect(palette('#1d4ed8').primary).toBe('#1d4ed8');
  });
});
