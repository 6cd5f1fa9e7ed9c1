import { Link } from 'wouter';

/**
 * One way on from a page, drawn as a button. `secondary` draws it as the quieter of two; `plain`
 * makes it an ordinary anchor the browser follows itself (a download, a place on the same page),
 * where the router would otherwise take the click.
 */
export interface LinkButton {
  href: string;
  label: string;
  secondary?: boolean;
  plain?: boolean;
}

/** A row of ways on from a page, the first usually the one the page leads to. */
export function LinkButtons({ links }: { links: readonly LinkButton[] }) {
  return (
    <div className="button-row">
      {links.map(({ href, label, secondary, plain }) => {
        const className = secondary ? 'button button-secondary' : 'button';
        return plain ? (
          <a key={href} href={href} className={className}>
            {label}
          </a>
        ) : (
          <Link key={href} href={href} className={className}>
            {label}
          </Link>
        );
      })}
    </div>
  );
}
