import { describe, expect, it, vi } from 'vitest';
import { keepEarlyClicks } from '../early-clicks';

/** A server-rendered root with buttons and a link, and a button outside it. */
function page() {
  document.body.innerHTML = `<div id="root"><header>
    <button id="menu"><span>Menu</span></button><button id="search">Search</button>
    <button id="off" disabled>Off</button><a id="home" href="#home">Home</a></header></div>
    <button id="outside">Outside</button>`;
  const root = document.getElementById('root')!;
  return { root, el: (id: string) => document.getElementById(id)! };
}

describe('clicks before the portal has taken the page over', () => {
  it('gives the last click on a button again, once, when the portal has', () => {
    const { root, el } = page();
    const early = keepEarlyClicks(root);
    el('search').click();
    (el('menu').firstElementChild as HTMLElement).click();
    const menu = vi.fn();
    el('menu').addEventListener('click', menu);
    const search = vi.fn();
    el('search').addEventListener('click', search);

    early.replay();
    expect(menu).toHaveBeenCalledTimes(1);
    expect(search).not.toHaveBeenCalled();

    // Later clicks are the portal's own business, and a second replay gives nothing.
    el('search').click();
    early.replay();
    expect(menu).toHaveBeenCalledTimes(1);
    expect(search).toHaveBeenCalledTimes(1);
  });

  it('leaves links, disabled buttons, buttons outside the page and removed buttons alone', () => {
    const { root, el } = page();
    const early = keepEarlyClicks(root);
    const spies = ['off', 'outside'].map((id) => {
      const spy = vi.fn();
      el(id).addEventListener('click', spy);
      return spy;
    });
    el('home').click();
    el('off').click();
    el('outside').click();
    early.replay();
    expect(spies.map((s) => s.mock.calls.length)).toEqual([0, 1]);

    const again = keepEarlyClicks(root);
    const search = el('search');
    search.click();
    const spy = vi.fn();
    search.addEventListener('click', spy);
    search.remove();
    again.replay();
    expect(spy).not.toHaveBeenCalled();
  });
});
