import { useEffect, useRef, useState, type ReactNode } from 'react';

/**
 * Holds a table that may be wider than the screen: it scrolls sideways inside a region (a section with a name) named
 * `label`, which takes keyboard focus only while there is something to scroll.
 */
export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  const box = useRef<HTMLElement>(null);
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    const el = box.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const measure = () => setScrolls(el.scrollWidth > el.clientWidth + 1);
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    // Rows that arrive after the region is drawn widen the table, not the region: both are watched.
    if (el.firstElementChild) observer.observe(el.firstElementChild);
    measure();
    return () => observer.disconnect();
  }, []);
  return (
    <section ref={box} className="table-scroll" aria-label={label} tabIndex={scrolls ? 0 : undefined}>
      {children}
    </section>
  );
}
