/**
 * The script partners paste (`/api/embed/widget.js`). Each script tag with `data-*` settings
 * becomes a widget where it stands (or in `data-container`); pages can also queue commands
 * before the script arrives:
 *
 *   window.Procura = window.Procura || function () { (Procura.q = Procura.q || []).push(arguments) };
 *   Procura('mount', { container: '#quotes', companyName: 'Acme', partnerId: 'p_123' });
 *   Procura('on', 'success', function (data, embedId) { ... });
 *
 * Loading the script twice is harmless: the second copy only mounts tags that are new.
 */
import type { WidgetConfig } from '../../sdk/embed/config';
import { mountWidget, type MountedWidget, type WidgetEventHandler, type WidgetEventName } from '../../sdk/embed/mount';

interface ProcuraGlobal {
  (...args: unknown[]): void;
  q?: ArrayLike<unknown>[];
  loaded?: boolean;
  widgets?: MountedWidget[];
}

const w = window as unknown as { Procura?: ProcuraGlobal };
const doc = document;

if (w.Procura?.loaded) {
  w.Procura('scan');
} else {
  const base = new URL((doc.currentScript as HTMLScriptElement | null)?.src || '/', location.href).origin;
  const widgets: MountedWidget[] = [];
  const listeners: [WidgetEventName, WidgetEventHandler<WidgetEventName>][] = [];

  const mount = (container: Element | null, config: Partial<WidgetConfig>) => {
    if (!container) return;
    const widget = mountWidget(container, { ...config, baseUrl: base, relay: true });
    listeners.forEach(([event, handler]) => widget.on(event, handler));
    widgets.push(widget);
  };

  const scan = () =>
    doc.querySelectorAll<HTMLScriptElement>('script[src*="/api/embed/widget.js"]:not([data-procura-mounted])').forEach((tag) => {
      const { container, ...config } = tag.dataset;
      if (!Object.keys(config).length) return;
      tag.setAttribute('data-procura-mounted', '');
      let target = container && doc.querySelector(container);
      if (!target) {
        target = doc.createElement('div');
        tag.parentElement === doc.head ? doc.body.append(target) : tag.before(target);
      }
      mount(target, config as Partial<WidgetConfig>);
    });

  const run = (command: ArrayLike<unknown>) => {
    const [name, arg, handler] = command as unknown as [string, any, WidgetEventHandler<WidgetEventName>];
    if (name === 'mount') {
      const { container, ...config } = arg ?? {};
      mount(typeof container === 'string' ? doc.querySelector(container) : container, config);
    } else if (name === 'on' && typeof handler === 'function') {
      listeners.push([arg, handler]);
      widgets.forEach((widget) => widget.on(arg, handler));
    } else if (name === 'scan') {
      scan();
    }
  };

  const queued = w.Procura?.q ?? [];
  const api: ProcuraGlobal = (...args: unknown[]) => run(args);
  api.loaded = true;
  api.widgets = widgets;
  w.Procura = api;
  const start = () => {
    queued.forEach(run);
    scan();
  };
  doc.readyState === 'loading' ? doc.addEventListener('DOMContentLoaded', start) : start();
}
