// The console's small client: everything works without it; it adds the conveniences.
(() => {
  'use strict';

  // The add-source form shows the selected type's settings only.
  const typeSelect = document.getElementById('source-type');
  const showType = () => {
    for (const fieldset of document.querySelectorAll('.type-options')) {
      const shown = fieldset.dataset.type === typeSelect.value;
      fieldset.hidden = !shown;
      fieldset.disabled = !shown;
    }
  };
  if (typeSelect) {
    typeSelect.addEventListener('change', showType);
    showType();
  }

  // Enter asks, Shift+Enter starts a new line.
  const question = document.getElementById('question');
  if (question) {
    question.addEventListener('keydown', (event) => {
      if (event.key === 'Enter' && !event.shiftKey && !event.isComposing) {
        event.preventDefault();
        question.form.requestSubmit();
      }
    });
  }

  const showLatest = () => {
    const messages = document.querySelectorAll('#thread .message');
    const last = messages[messages.length - 1];
    if (last) last.scrollIntoView({ block: 'nearest' });
  };
  showLatest();

  document.addEventListener('htmx:afterRequest', (event) => {
    const form = event.detail.elt;
    if (form && form.id === 'ask' && event.detail.successful) {
      form.reset();
      question.focus();
    }
  });
  document.addEventListener('htmx:afterSwap', (event) => {
    if (event.detail.target && event.detail.target.id === 'thread') showLatest();
  });

  // A refused or failed request says why instead of doing nothing.
  document.addEventListener('htmx:responseError', (event) => {
    let alert = document.getElementById('request-error');
    if (!alert) {
      alert = document.createElement('p');
      alert.id = 'request-error';
      alert.className = 'error';
      alert.setAttribute('role', 'alert');
      document.getElementById('main').prepend(alert);
    }
    alert.textContent = event.detail.xhr.responseText || 'The request failed; try again.';
  });
  document.addEventListener('htmx:sendError', () => {
    const alert = document.createElement('p');
    alert.className = 'error';
    alert.setAttribute('role', 'alert');
    alert.textContent = 'Clarify cannot be reached; check that it is still running.';
    document.getElementById('main').prepend(alert);
  });
})();
