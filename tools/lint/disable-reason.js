/** An eslint-disable comment says why (`// eslint-disable-next-line rule -- reason`), or it is an error. */
export default {
  meta: { type: 'suggestion', docs: { description: 'Requires a reason on every eslint-disable comment' }, schema: [] },
  create(context) {
    return {
      Program() {
        for (const comment of context.sourceCode.getAllComments()) {
          const text = comment.value.trim();
          if (/^eslint-disable/.test(text) && !/\s--\s+\S/.test(text)) {
            context.report({ loc: comment.loc, message: "Say why after ' -- ' (eslint-disable-next-line rule -- reason)." });
          }
        }
      },
    };
  },
};
