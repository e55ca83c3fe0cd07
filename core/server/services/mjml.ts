/**
 * mjml 5, the one way the server turns a responsive e-mail into HTML: the issue e-mail and the
 * readers' messages in a newsletter's design, and Masthead's own mail layout. Loaded on the first
 * render, not when the server starts: mjml takes about 240 ms to import.
 */
let loading: Promise<typeof import('mjml')> | null = null;

export async function mjmlToHtml(source: string): Promise<string> {
  loading ??= import('mjml').then((module) => module.default);
  const mjml2html = await loading;
  const { html } = await mjml2html(source, {
    // No web fonts (the designs use web-safe stacks), no comments, whitespace collapsed; CSS as written (cssnano is not installed).
    fonts: {},
    keepComments: false,
    minify: true,
    minifyOptions: { minifyCss: false },
    validationLevel: 'soft',
  });
  // mjml writes height="auto" on a fluid image, which HTML does not allow: the image's style says height:auto already.
  return html.replace(/(<img\b[^>]*?) height="auto"/g, '$1');
}
