/**
 * The widget's colours from a partner's primary colour: buttons keep white text readable (WCAG
 * AA, 4.5:1) by darkening the colour as far as needed, so any colour a partner picks works.
 *
 * @module
 */

type Rgb = [number, number, number];

function rgb(hex: string): Rgb {
  const h = hex.length === 4 ? hex.replace(/[0-9a-f]/gi, '$&$&').slice(1) : hex.slice(1);
  return [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16)) as Rgb;
}

function hex(c: Rgb): string {
  return `#${c.map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`;
}

function luminance(c: Rgb): number {
  const [r, g, b] = c.map((v) => {
    const s = v / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The WCAG contrast ratio of two colours. */
export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(rgb(a)), luminance(rgb(b))].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

function mix(c: Rgb, with_: Rgb, amount: number): Rgb {
  return c.map((v, i) => v + (with_[i]! - v) * amount) as Rgb;
}

export interface Palette {
  primary: string;
  primaryHover: string;
  primarySoft: string;
  onPrimary: string;
}

/**
 * The palette for a primary colour given as #rgb or #rrggbb.
 *
 * @example
 * palette('#3b82f6').primary; // a slightly deeper blue that white text reads on
 */
export function palette(primary: string): Palette {
  const base = rgb(primary);
  const soft = hex(mix(base, [255, 255, 255], 0.86));
  // Readable as white text on it, and as text on its own soft tint (a selected step, a chosen option).
  const readable = (c: Rgb) => contrast(hex(c), '#ffffff') >= 4.5 && contrast(hex(c), soft) >= 4.5;
  let shade = base;
  for (let step = 1; step <= 20 && !readable(shade); step++) shade = mix(base, [0, 0, 0], step * 0.05);
  return {
    primary: hex(shade),
    primaryHover: hex(mix(shade, [0, 0, 0], 0.15)),
    primarySoft: soft,
    onPrimary: '#ffffff',
  };
}
