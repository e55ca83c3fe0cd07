/** Rich text as it is stored and shown (core/server/sanitize.ts): scripts and handlers go, the rest stays as written. */
import { describe, expect, it } from 'vitest';
import { sanitizeRichText } from '../../core/server/sanitize';

describe('sanitizeRichText', () => {
  it('drops scripts, handlers and script addresses, and keeps the text', () => {
    expect(sanitizeRichText('<p onclick="steal()">Merhaba <a href="javascript:alert(1)">okur</a></p><script>alert(1)</script>')).toBe(
      '<p>Merhaba <a>okur</a></p>',
    );
  });

  it('keeps an image as it was written: its address and its text, nothing that runs', () => {
    expect(sanitizeRichText('<img src="https://example.com/a.png" onerror="alert(1)">')).toBe('<img src="https://example.com/a.png" />');
    expect(sanitizeRichText('<img src="https://example.com/a.png" alt="Köprü">')).toBe('<img src="https://example.com/a.png" alt="Köprü" />');
  });

  it('keeps a link that opens a new window from reaching back to the page', () => {
    expect(sanitizeRichText('<a href="https://example.com" target="_blank">Bağlantı</a>')).toBe(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer">Bağlantı</a>',
    );
  });
});
