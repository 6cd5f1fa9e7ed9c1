/**
 * The script partners paste (`/api/embed/widget.js`). Each script tag of it becomes a widget where
 * it stands (or in `data-container`), with the settings of its `data-*` attributes or, with none,
 * the defaults; pages can also queue commands before the script arrives:
 *
 *   window.Procura = window.Procura || function () { (Procura.q = Procura.q || []).push(arguments) };
 *   Procura('mount', { container: '#quotes', companyName: 'Acme', partnerId: 'p_123' });
 *   Procura('on', 'success', function (data, embedId) { ... });
 *
 * On a page that mounts from code, a tag with no settings only brings the script. Loading the
 * script twice is harmless: the second copy only mounts tags that are new, one widget per tag.
 */
import type { WidgetConfig } from '../../sdk/embed/config';
import { mountWidget, type MountedWidget, type WidgetEventHandler, type WidgetEventName } from '../../sdk/embed/mount';

interface ProcuraGlobal {
  (...args: unknown[]): void;
  q?: ArrayLike<unknown>[];
  /** The widgets this page holds; set once the script has run. */
  widgets?: MountedWidget[];
}

const w = window as unknown as { Procura?: ProcuraGlobal };
const doc = document;
// Each tag runs the script once, so mounting the running tag gives one widget per tag.
const tag = doc.currentScript as HTMLScriptElement | null;

if (w.Procura?.widgets) {
  w.Procura('tag', tag);
} else {
  // mountWidget keeps only the origin of this address.
  const base = tag?.src || location.href;
  const widgets: MountedWidget[] = [];
  const listeners: [WidgetEventName, WidgetEventHandler<WidgetEventName>][] = [];
  const queued = w.Procura?.q ?? [];
  let started = false;
  let fromCode = false;

  const mount = (container: Element | null, config: Partial<WidgetConfig>) => {
    if (!container) return;
    const widget = mountWidget(container, { ...config, baseUrl: base });
    for (const [event, handler] of listeners) widget.on(event, handler);
    widgets.push(widget);
  };

  const run = (command: ArrayLike<unknown>) => {
    const [name, arg, handler] = command as unknown as [string, unknown, WidgetEventHandler<WidgetEventName>];
    if (name === 'mount') {
      const { container, ...config } = (arg ?? {}) as Partial<WidgetConfig> & { container?: string | Element };
      fromCode = true;
      mount(typeof container === 'string' ? doc.querySelector(container) : (container ?? null), config);
    } else if (name === 'on' && typeof handler === 'function') {
      const event = arg as WidgetEventName;
      listeners.push([event, handler]);
      for (const widget of widgets) widget.on(event, handler);
    } else if (name === 'tag' && arg) {
      // On a page that mounts from code, a tag with no settings only brought the script.
      const script = arg as HTMLScriptElement;
      const { container, ...config } = script.dataset;
      if (fromCode && !container && !Object.keys(config).length) return;
      let target = container && doc.querySelector(container);
      if (!target) {
        target = doc.createElement('div');
        script.parentElement === doc.head ? doc.body.append(target) : script.before(target);
      }
      mount(target, config as Partial<WidgetConfig>);
    }
  };

  // Until the page is parsed, commands wait behind the queued ones.
  const api: ProcuraGlobal = (...args: unknown[]) => (started ? run(args) : queued.push(args));
  api.widgets = widgets;
  w.Procura = api;
  api('tag', tag);
  const start = () => {
    started = true;
    queued.forEach(run);
  };
  doc.readyState === 'loading' ? doc.addEventListener('DOMContentLoaded', start) : start();
}
