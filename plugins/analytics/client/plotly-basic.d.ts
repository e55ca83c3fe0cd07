/** Plotly's basic bundle (scatter, bar, pie) is plotly.js built whole: the same API, typed by @types/plotly.js. */
declare module 'plotly.js-basic-dist-min' {
  import * as Plotly from 'plotly.js';
  export default Plotly;
}
