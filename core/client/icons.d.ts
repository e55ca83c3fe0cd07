/** The icons the console uses, cut from the MDL2 font at build time (see scripts/build/icon-subset.ts). */
declare module 'virtual:masthead-icons' {
  const subsets: { fontFamily: string; file: string; icons: Record<string, string> }[];
  export default subsets;
}
