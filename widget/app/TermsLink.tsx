/** Where the terms a buyer agrees to are written out. */
const TERMS_PATH = '/terms';

/**
 * "terms and conditions", linking the terms page. It opens in a new tab so a half-filled form
 * keeps its values, and inside a partner's frame the page is not squeezed into the widget.
 */
export function TermsLink() {
  return (
    <a href={TERMS_PATH} target="_blank" rel="noopener">
      terms and conditions<span className="visually-hidden"> (opens in a new tab)</span>
    </a>
  );
}
