/** Markup that is already safe: produced by {@link html} or deliberately trusted. */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

type Value = SafeHtml | string | number | null | undefined | readonly Value[];

function render(value: Value): string {
  if (value === null || value === undefined) return '';
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return value.map(render).join('');
  return escapeHtml(String(value));
}

/**
 * A template literal whose interpolations are escaped, unless they are SafeHtml (the result of
 * another `html` call). Arrays are joined.
 */
export function html(strings: TemplateStringsArray, ...values: Value[]): SafeHtml {
  let out = strings[0]!;
  values.forEach((value, i) => {
    out += render(value) + strings[i + 1]!;
  });
  return new SafeHtml(out);
}

/** An http(s) URL for an href; anything else becomes '#', so no e-mail carries a script URL. */
export function safeUrl(url: string): string {
  return /^https?:\/\//i.test(url) ? url : '#';
}
