// @vitest-environment happy-dom
// The iframe ships these components on @preact/compat, so their tests must run on it too: a
// test that passed on React would say nothing about what partners' visitors get.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Component as PreactComponent, options, type VNode } from 'preact';
import { Component } from 'react';
import { describe, expect, it } from 'vitest';
import { QuickQuoteForm } from './QuickQuoteForm';
import { TextField } from '../ui/TextField';

describe('the widget test project', () => {
  it("takes React's modules from @preact/compat", () => {
    expect(Component).toBe(PreactComponent);
  });

  it("renders the widget's components through Preact when Testing Library renders them", async () => {
    const rendered = new Set<unknown>();
    const previous = options.vnode;
    options.vnode = (vnode: VNode) => {
      rendered.add(vnode.type);
      previous?.(vnode);
    };
    try {
      render(<QuickQuoteForm pending={false} onSubmit={() => {}} />);
      await userEvent.setup().type(screen.getByRole('textbox', { name: /^Product name/ }), 'Hand soap');
    } finally {
      options.vnode = previous;
    }
    expect([rendered.has(QuickQuoteForm), rendered.has(TextField)]).toEqual([true, true]);
    expect(screen.getByRole('textbox', { name: /^Product name/ })).toHaveProperty('value', 'Hand soap');
  });
});
