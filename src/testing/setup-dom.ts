import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => {
  cleanup();
});

// `findBy…` and `waitFor` wait for what a user would see appear; on a machine whose cores are
// busy with other work that can take longer than the library's 1 s. A wait still ends as soon
// as the thing appears, so this costs nothing when it does.
configure({ asyncUtilTimeout: 5000 });

// jsdom has <dialog> but not its modal methods; these follow the browser closely enough for
// tests: `open` reflects the state, `close()` fires `close`, `cancel` is left to the test.
if (typeof HTMLDialogElement !== 'undefined' && !HTMLDialogElement.prototype.showModal) {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.show = HTMLDialogElement.prototype.showModal;
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    if (!this.hasAttribute('open')) return;
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
}
